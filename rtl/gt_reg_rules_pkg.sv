// gt_reg_rules_pkg: the register write rules shared by every register block of the DUT (gt_engine's
// per-engine registers, gt_irq's global registers). The masks come from gtref_pkg's tables.
package gt_reg_rules_pkg;
  // Masked registers take bits 15:0 where bits 31:16 are set; otherwise RW bits take the new value and
  // W1C bits written 1 clear; other bits keep their (reset) value.
  function automatic logic [31:0] reg_apply_write(input logic [31:0] rw, input logic [31:0] w1c,
                                                   input logic masked, input logic [31:0] old,
                                                   input logic [31:0] val);
    logic [31:0] nv;
    logic [15:0] we;
    nv = old;
    if (masked) begin
      we       = val[31:16] & rw[15:0];
      nv[15:0] = (old[15:0] & ~we) | (val[15:0] & we);
    end else begin
      nv = ((old & ~rw) | (val & rw)) & ~(val & w1c);
    end
    return nv;
  endfunction

  // A register the host or a command can change: some RW or W1C bit, or a masked register.
  function automatic logic reg_is_writable(input logic [31:0] rw, input logic [31:0] w1c, input logic masked);
    return (rw | w1c) != 32'd0 || masked;
  endfunction
endpackage
