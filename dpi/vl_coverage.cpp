// The coverage build's writer of Verilator's line, branch and toggle counts (make coverage, docs/regress.md).
// Compiled into the coverage simulator only (build/sim/<rtl>/eN/coverage/Vtb_top, verilated with --coverage-line
// --coverage-toggle +define+GTREF_COVERAGE), whose final block calls it once per process, after every test of the
// process's batch. Verilator 5.006's generated main writes no coverage file and has no plusarg naming one, so:
//   GTREF_RTL_COVERAGE_DIR set: a new file DIR/cov-XXXXXX.dat, unique per process (the simulator runs several
//                               tests per process and several processes at once);
//   unset:                      coverage.dat in the current directory, as a Verilator simulator writes by default.
#include "verilated.h"
#include "verilated_cov.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unistd.h>

extern "C" void gtref_tb_coverage_write() {
    const char* dir = std::getenv("GTREF_RTL_COVERAGE_DIR");
    std::string path = VerilatedCovContext::defaultFilename();
    if (dir && *dir) {
        std::string tmpl = std::string(dir) + "/cov-XXXXXX.dat";
        std::string buf = tmpl;
        int fd = mkstemps(&buf[0], 4);  // the name is this process's alone; Verilator then writes it
        if (fd < 0) {
            std::fprintf(stderr,
                         "gtref coverage: expected to create a coverage file %s (GTREF_RTL_COVERAGE_DIR), "
                         "but: %s; this process's RTL coverage is lost\n",
                         tmpl.c_str(), std::strerror(errno));
            return;
        }
        close(fd);
        path = buf;
    }
    Verilated::threadContextp()->coveragep()->write(path.c_str());
}
