// The self-checking harnesses' verdict (tests/rtl/feat_tb.sv, irq_tb.sv): the test chosen by +test=NAME, and
// chk(), which counts a failed check and prints the first twelve with their cycle (`cyc`, harness_mem.svh), and
// verdict(), which prints "PASS NAME" or "FAIL NAME (n errors)" (what tests/rtl/run_harness.sh reads) and ends.
  int          errors = 0;
  string       test;

  task automatic chk(input bit ok, input string msg);
    if (!ok) begin
      errors++;
      if (errors <= 12) $display("  error @%0d: %s", cyc, msg);
    end
  endtask

  task automatic verdict();
    if (errors == 0) $display("PASS %s", test);
    else $display("FAIL %s (%0d errors)", test, errors);
    $finish;
  endtask
