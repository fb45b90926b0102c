# The coverage-waiver file's parser (docs/waivers.md "RTL coverage waivers"), for tools/rtl-coverage.sh.
# Reads the waiver file; writes one line per valid waiver to stdout, tab-separated:
#   lines  NAME FILE FIRST LAST OWNER EXPIRES REASON WHERE
#   toggle NAME MODULE SIGNAL-REGEX LO:HI|- OWNER EXPIRES REASON WHERE  (LO:HI: SIGNAL[HI:LO], the regex then
#          matches the name without its last index)
# (WHERE: the waiver file and line of its `waiver` line). Every error goes to stderr as FILE:LINE: what is wrong,
# and the exit status is 2 when there was one.
# Variables: root (the kit's folder: the files a `lines` waiver names are read from there), today (YYYY-MM-DD),
# modules (a space-separated list of the RTL's module names).
function err(msg) { printf "%s:%d: %s\n", FILENAME, FNR, msg > "/dev/stderr"; bad = 1 }
function werr(i, msg) { printf "%s: %s\n", w_where[i], msg > "/dev/stderr"; bad = 1 }
# an error in the value of key of waiver i, at the line that gave it
function kerr(i, key, msg) { printf "%s:%d: %s\n", FILENAME, w_line[i, key], msg > "/dev/stderr"; bad = 1 }
# a value: one word, or a double-quoted string with \" and \\; "" and sets ok = 0 after an error
function value(s,    out, i, c) {
    ok = 1
    if (substr(s, 1, 1) != "\"") {
        if (s ~ /[ \t]/) { err("expected one word or a double-quoted string, found '" s "'"); ok = 0; return "" }
        return s
    }
    out = ""
    for (i = 2; i <= length(s); i++) {
        c = substr(s, i, 1)
        if (c == "\\") { i++; c = substr(s, i, 1); if (c != "\"" && c != "\\") { err("unknown escape \\" c " (only \\\" and \\\\)"); ok = 0; return "" } out = out c; continue }
        if (c == "\"") {
            if (i != length(s)) { err("text after the closing quote: '" substr(s, i + 1) "'"); ok = 0; return "" }
            return out
        }
        out = out c
    }
    err("unclosed quote in '" s "'"); ok = 0; return ""
}
# a glob with * and ? (brackets are literal: signal bits are written name[3]) as an anchored regex
function glob_re(g,    out, i, c) {
    out = "^"
    for (i = 1; i <= length(g); i++) {
        c = substr(g, i, 1)
        if (c == "*") out = out ".*"
        else if (c == "?") out = out "."
        else if (c ~ /[][\\.^$+(){}|\/]/) out = out "\\" c
        else out = out c
    }
    return out "$"
}
function lines_of(path,    n, line) {
    if (path in nlines) return nlines[path]
    n = 0
    while ((getline line < path) > 0) n++
    close(path)
    return nlines[path] = n
}
function valid_date(d,    y, m, dd, mdays) {
    if (d !~ /^[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]$/) return 0
    y = substr(d, 1, 4) + 0; m = substr(d, 6, 2) + 0; dd = substr(d, 9, 2) + 0
    if (m < 1 || m > 12 || dd < 1) return 0
    mdays = substr("312831303130313130313031", 2 * m - 1, 2) + 0
    if (m == 2 && (y % 4 == 0 && (y % 100 != 0 || y % 400 == 0))) mdays = 29
    return dd <= mdays
}
function close_waiver(i,    v, f, rng, a, b, n, mod, sig, k) {
    if (!i) return
    for (k = 1; k <= 3; k++) {
        split("reason owner expires", req, " ")
        if (!((i, req[k]) in w)) werr(i, "waiver " w_name[i] ": expected the key `" req[k] "`, found none")
    }
    if (((i, "lines") in w) + ((i, "toggle") in w) != 1) {
        werr(i, "waiver " w_name[i] ": expected exactly one of `lines FILE:FIRST-LAST` or `toggle MODULE.SIGNAL`, found " \
             (((i, "lines") in w) ? "both" : "neither"))
        return
    }
    if ((i, "reason") in w && length(w[i, "reason"]) < 20)
        kerr(i, "reason", "waiver " w_name[i] ": expected a reason that says why the point cannot be reached (20 characters at least), found '" w[i, "reason"] "'")
    if ((i, "expires") in w) {
        if (!valid_date(w[i, "expires"])) kerr(i, "expires", "waiver " w_name[i] ": expected `expires YYYY-MM-DD`, found '" w[i, "expires"] "'")
        else if (w[i, "expires"] <= today)
            kerr(i, "expires", "waiver " w_name[i] ": expired on " w[i, "expires"] " (today " today "): renew it (with a reason that still holds) or remove it")
    }
    if ((i, "lines") in w) {
        v = w[i, "lines"]
        if (v !~ /^[A-Za-z0-9_\/.-]+:[0-9]+(-[0-9]+)?$/) { kerr(i, "lines", "waiver " w_name[i] ": expected `lines rtl/FILE.sv:FIRST-LAST` (or :LINE), found '" v "'"); return }
        f = v; sub(/:[^:]*$/, "", f); rng = v; sub(/^.*:/, "", rng)
        a = rng; sub(/-.*/, "", a); b = rng; if (b ~ /-/) sub(/^[0-9]+-/, "", b)
        a += 0; b += 0
        if (f !~ /^rtl\/[A-Za-z0-9_]+\.sv$/) { kerr(i, "lines", "waiver " w_name[i] ": expected a file of the reference RTL, rtl/<name>.sv, found '" f "'"); return }
        n = lines_of(root "/" f)
        if (!n) { kerr(i, "lines", "waiver " w_name[i] ": no such file " f " (in " root "); the waiver names a file the RTL does not have"); return }
        if (a < 1 || a > b) { kerr(i, "lines", "waiver " w_name[i] ": expected FIRST <= LAST, both from 1, found " rng); return }
        if (b > n) { kerr(i, "lines", "waiver " w_name[i] ": line " b " of " f " does not exist (the file has " n " lines): the RTL moved, fix the range"); return }
        if (!bad) printf "lines\t%s\t%s\t%d\t%d\t%s\t%s\t%s\t%s\n", w_name[i], f, a, b, w[i, "owner"], w[i, "expires"], w[i, "reason"], w_where[i]
    } else {
        v = w[i, "toggle"]
        if (v !~ /^[A-Za-z_][A-Za-z0-9_]*\.[^ \t]+$/) { kerr(i, "toggle", "waiver " w_name[i] ": expected `toggle MODULE.SIGNAL` (SIGNAL a name, bits name[3], * and ? as wildcards), found '" v "'"); return }
        mod = v; sub(/\..*/, "", mod); sig = substr(v, length(mod) + 2)
        if (!((" " modules " ") ~ (" " mod " "))) { kerr(i, "toggle", "waiver " w_name[i] ": no module " mod " in the RTL (modules: " modules ")"); return }
        if (sig !~ /^[A-Za-z_]/) { kerr(i, "toggle", "waiver " w_name[i] ": expected a signal name that starts with a letter, found '" sig "': a waiver names what it waives, no blanket pattern"); return }
        # SIGNAL[HI:LO]: the bits LO..HI of the signal(s) SIGNAL names (the toggle point's last index)
        rng = "-"
        if (match(sig, /\[[0-9]+:[0-9]+\]$/)) {
            rng = substr(sig, RSTART + 1, RLENGTH - 2); sig = substr(sig, 1, RSTART - 1)
            a = rng; sub(/:.*/, "", a); b = rng; sub(/.*:/, "", b)
            if (a + 0 < b + 0) { kerr(i, "toggle", "waiver " w_name[i] ": expected a bit range [HI:LO] with HI >= LO, found [" rng "]"); return }
            rng = (b + 0) ":" (a + 0)
        }
        if (!bad) printf "toggle\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", w_name[i], mod, glob_re(sig), rng, w[i, "owner"], w[i, "expires"], w[i, "reason"], w_where[i]
    }
}
BEGIN { nw = 0; bad = 0; cur = 0; known = " lines toggle reason owner expires ticket " }
{
    sub(/\r$/, "")
    line = $0
    sub(/^[ \t]+/, "", line); sub(/[ \t]+$/, "", line)
    if (line == "" || substr(line, 1, 1) == "#") next
    key = line; sub(/[ \t].*/, "", key)
    rest = substr(line, length(key) + 1); sub(/^[ \t]+/, "", rest)
    if (key == "waiver") {
        close_waiver(cur)
        if (rest !~ /^[A-Za-z0-9_.-]+$/) { err("expected `waiver NAME` (letters, digits, -, _, .), found '" line "'"); cur = 0; next }
        if (rest in names) { err("waiver name " rest " used twice (first at line " names[rest] ")"); cur = 0; next }
        names[rest] = FNR
        cur = ++nw; w_name[cur] = rest; w_where[cur] = FILENAME ":" FNR
        next
    }
    if (index(known, " " key " ") == 0) { err("unknown key '" key "' (expected one of:" known "or `waiver NAME`)"); next }
    if (!cur) { err("`" key "` outside a waiver: start one with `waiver NAME`"); next }
    if (rest == "") { err("expected a value after `" key "`"); next }
    v = value(rest)
    if (!ok) next
    if ((cur, key) in w) { err("waiver " w_name[cur] ": `" key "` given twice"); next }
    w[cur, key] = v
    w_line[cur, key] = FNR
}
END {
    close_waiver(cur)
    exit bad ? 2 : 0
}
