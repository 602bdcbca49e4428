/*
 * The viewer half of `loom-bench peers`' floor: what a viewer in Loom's shape costs when it
 * does no work. Connected to the floor's daemon at SOCKET, it waits for a frame, writes the
 * frame's bytes to its terminal as they are (one write) and acknowledges it (one write), as
 * `loom attach` does with a one-cell frame, minus decoding, the screen model and rendering.
 *
 * usage: floor_viewer SOCKET
 */
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc != 2 || strlen(argv[1]) >= sizeof(((struct sockaddr_un *)0)->sun_path)) {
        fprintf(stderr, "usage: floor_viewer SOCKET\n");
        return 2;
    }
    int daemon = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    strcpy(address.sun_path, argv[1]);
    if (daemon < 0 || connect(daemon, (struct sockaddr *)&address, sizeof address) != 0) {
        perror("floor_viewer: connect");
        return 1;
    }
    /* Drawn: a cleared screen, as every peer starts from one. */
    if (write(STDOUT_FILENO, "\x1b[H\x1b[2J", 7) != 7) return 1;
    static char frame[65536];
    const char ack[3] = {2, 17, 1};
    struct pollfd readable = {.fd = daemon, .events = POLLIN};
    for (;;) {
        if (poll(&readable, 1, -1) < 0) continue;
        ssize_t count = read(daemon, frame, sizeof frame);
        if (count <= 0) return 0;
        if (write(STDOUT_FILENO, frame, (size_t)count) != count) return 1;
        if (write(daemon, ack, sizeof ack) != sizeof ack) return 1;
    }
}
