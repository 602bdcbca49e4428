// Bubble Tea's side of `loom-bench peers`: a list of N rows in which one row's flag is toggled
// UPDATES times, every INTERVAL seconds. Its View builds only the rows the terminal shows (the
// way a Bubble Tea list is written when it has many rows); its standard renderer repaints the
// lines that changed, at most 60 times a second. It writes "ready" to MARKER before the first
// toggle and "done" after the last (and quits a second later), so the harness measures the
// updates alone.
//
// Built by the benchmark against Debian's golang-github-charmbracelet-bubbletea-dev, offline
// (GO111MODULE=off, GOPATH=/usr/share/gocode).
//
// usage: bubbletea_list N UPDATES INTERVAL MARKER
package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

type started struct{}
type ticked struct{}
type ended struct{}

type model struct {
	rows, updates int
	interval      time.Duration
	marker        string
	height        int
	flags         [10]bool
	count         int
}

func (m model) Init() tea.Cmd {
	return tea.Tick(time.Second, func(time.Time) tea.Msg { return started{} })
}

func (m model) next() tea.Cmd {
	return tea.Tick(m.interval, func(time.Time) tea.Msg { return ticked{} })
}

func (m model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.height = msg.Height
	case started:
		os.WriteFile(m.marker, []byte("ready"), 0o644)
		return m, m.next()
	case ticked:
		if m.count == m.updates {
			// Done, then a second before quitting, so the harness reads the threads' counts
			// while they are there.
			os.WriteFile(m.marker, []byte("done"), 0o644)
			return m, tea.Tick(time.Second, func(time.Time) tea.Msg { return ended{} })
		}
		m.flags[m.count%10] = !m.flags[m.count%10]
		m.count++
		return m, m.next()
	case ended:
		return m, tea.Quit
	}
	return m, nil
}

func (m model) View() string {
	var view strings.Builder
	for i := 0; i < m.height && i < m.rows; i++ {
		flag := "off"
		if i < 10 && m.flags[i] {
			flag = "on"
		}
		if i > 0 {
			view.WriteByte('\n')
		}
		fmt.Fprintf(&view, "row %d  item %d  %s", i, i, flag)
	}
	return view.String()
}

func main() {
	rows, _ := strconv.Atoi(os.Args[1])
	updates, _ := strconv.Atoi(os.Args[2])
	seconds, _ := strconv.ParseFloat(os.Args[3], 64)
	m := model{rows: rows, updates: updates, interval: time.Duration(seconds * float64(time.Second)), marker: os.Args[4]}
	if err := tea.NewProgram(m, tea.WithAltScreen()).Start(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
