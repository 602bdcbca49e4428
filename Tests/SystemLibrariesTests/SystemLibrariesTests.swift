import CLibUV
import CSQLite
import CUTF8Proc
import Testing

/// The C libraries Loom builds on link and answer; CI's package install is what this proves.
@Suite struct SystemLibraries {
    @Test func libuvIsAtLeastTheDebian12Version() {
        #expect(uv_version() >= 0x01_2C_00)  // 1.44
    }

    @Test func utf8procKnowsWideCharacters() {
        #expect(utf8proc_charwidth(0x4E00) == 2)  // CJK ideograph
        #expect(utf8proc_charwidth(0x41) == 1)
    }

    @Test func sqliteIsThreadsafeBuild() {
        #expect(sqlite3_libversion_number() >= 3_040_000)
        #expect(sqlite3_threadsafe() != 0)
    }
}
