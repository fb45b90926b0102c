# Independent derivation of MI_ATOMIC results from docs/commands.md §5 / spec-decisions C28 (NOT the model).
import sys
M32=(1<<32)-1; M64=(1<<64)-1
def sgn(v,bits): return v-(1<<bits) if v>>(bits-1) else v
def op_result(op,old,op1,op2,bits):
    m=(1<<bits)-1
    return {'AND':old&op1,'OR':old|op1,'XOR':old^op1,'MOVE':op1,'INC':(old+1)&m,'DEC':(old-1)&m,
            'ADD':(old+op1)&m,'SUB':(old-op1)&m,'RSUB':(op1-old)&m,
            'IMAX':old if sgn(old,bits)>=sgn(op1,bits) else op1,'IMIN':old if sgn(old,bits)<=sgn(op1,bits) else op1,
            'UMAX':max(old,op1),'UMIN':min(old,op1),'CMP_WR':op2 if old==op1 else old,'PREDEC':(old-1)&m}[op]
NOINLINE={'INC','DEC','PREDEC'}
def gen(qword):
    bits=64 if qword else 32; m=(1<<bits)-1
    if qword:
        cases=[('AND',0xF0F0F0F0FFFF0000,0x0FF0FFFF00FF00FF,0),('OR',0xF000000000000000,0x000000010000000F,0),
               ('XOR',0xFFFFFFFF00000000,0xFF00FF00FF00FF00,0),('MOVE',0x1111111111111111,0x2222222233333333,0),
               ('INC',0x00000000FFFFFFFF,0,0),('DEC',0x0000000100000000,0,0),
               ('ADD',0x00000000FFFFFFFF,0x0000000000000001,0),('SUB',0x0000000000000005,0x0000000000000007,0),
               ('RSUB',0x0000000100000000,0x0000000200000001,0),('IMAX',0xFFFFFFFFFFFFFFFE,0x0000000000000003,0),
               ('IMIN',0xFFFFFFFFFFFFFFFE,0x0000000000000003,0),('UMAX',0xFFFFFFFFFFFFFFFE,0x0000000000000003,0),
               ('UMIN',0xFFFFFFFFFFFFFFFE,0x0000000000000003,0),('CMP_WR',0x1234567800000001,0x1234567800000001,0xABCDEF0011223344),
               ('CMP_WR',0x1234567800000001,0x1234567900000001,0xABCDEF0011223344),('PREDEC',0x0000000100000000,0,0),
               ('IMAX',0x7FFFFFFFFFFFFFFF,0x8000000000000000,0),('IMIN',0x00000000FFFFFFFF,0xFFFFFFFF00000000,0)]
    else:
        cases=[('AND',0xF0F0FF00,0x0FF0F0F0,0),('OR',0xF0F00000,0x0000F0F1,0),('XOR',0xFFFF0000,0xFF00FF00,0),
               ('MOVE',0x11111111,0x22222222,0),('INC',0xFFFFFFFF,0,0),('DEC',0x00000000,0,0),('ADD',0x80000000,0x80000001,0),
               ('SUB',0x00000005,0x00000007,0),('RSUB',0x00000005,0x00000007,0),('IMAX',0xFFFFFFFE,0x00000003,0),
               ('IMIN',0xFFFFFFFE,0x00000003,0),('UMAX',0xFFFFFFFE,0x00000003,0),('UMIN',0xFFFFFFFE,0x00000003,0),
               ('CMP_WR',0x00001234,0x00001234,0x0000ABCD),('CMP_WR',0x00001234,0x00009999,0x0000ABCD),('PREDEC',0x00000010,0,0),
               ('IMAX',0x7FFFFFFF,0x80000000,0),('IMIN',0x0000FFFF,0xFFFF0000,0)]
    name='mi_atomic_qword' if qword else 'mi_atomic_dword'
    DATA=0x500000; RES=0x400000
    ring=[]; data=[]; writes=[]; exps=[]; resaddr=RES; idx=0
    gpr1_pre=0x77777777
    ring.append('  MI_LOAD_REGISTER_IMM RCS0.CS_GPR1=0x%08x   # a dword atomic leaves CS_GPR1 alone (C28)'%gpr1_pre if not qword else '  MI_LOAD_REGISTER_IMM RCS0.CS_GPR0=0x5a5a5a5a RCS0.CS_GPR1=0x5a5a5a5a')
    last_ret=None
    for rd in (0,1):
        for (op,old,op1,op2) in cases:
            # dword: alternate lanes (addr bit 2) ; qword: 8-aligned
            addr=DATA+idx*8+((4 if (idx%2) else 0) if not qword else 0); idx+=1
            new=op_result(op,old,op1,op2,bits)
            data.append((addr,old))
            opn=op+('8B' if qword else '')
            f='  MI_ATOMIC op=%s'%opn
            if op not in NOINLINE: f+=' inline'
            if qword: f+=' size=QWORD'
            if rd: f+=' return_data'
            f+=' addr=0x%x'%addr
            if op not in NOINLINE:
                f+=' op1_0=0x%x'%(op1&M32) if (op1&M32) else ''
                if op=='CMP_WR' and (op2&M32): f+=' op2_0=0x%x'%(op2&M32)
                if qword and (op1>>32): f+=' op1_1=0x%x'%(op1>>32)
                if qword and op=='CMP_WR' and (op2>>32): f+=' op2_1=0x%x'%(op2>>32)
            ring.append(f+'   # old 0x%x -> 0x%x'%(old,new))
            # write of the atomic
            if qword: writes.append((addr,0xff,new))
            else:
                a8=addr&~7; lane=(addr>>2)&1
                writes.append((a8,0xf0 if lane else 0x0f,(new<<32) if lane else new))
            exps.append(('mem64' if qword else 'mem32',addr,new,op))
            if rd:
                last_ret=old
                ring.append('  MI_STORE_REGISTER_MEM reg=RCS0.CS_GPR0 addr=0x%x'%resaddr)
                lo=old&M32; a8=resaddr&~7; lane=(resaddr>>2)&1
                writes.append((a8,0xf0 if lane else 0x0f,(lo<<32) if lane else lo)); exps.append(('ret',resaddr,lo,op)); resaddr+=4
                if qword:
                    hi=old>>32
                    ring.append('  MI_STORE_REGISTER_MEM reg=RCS0.CS_GPR1 addr=0x%x'%resaddr)
                    a8=resaddr&~7; lane=(resaddr>>2)&1
                    writes.append((a8,0xf0 if lane else 0x0f,(hi<<32) if lane else hi)); exps.append(('ret',resaddr,hi,op)); resaddr+=4
    return name,ring,data,writes,exps,last_ret,gpr1_pre
def emit(qword):
    name,ring,data,writes,exps,last_ret,gpr1_pre=gen(qword)
    nbytes=0
    o=[]
    kind='qword (8B opcodes, size=QWORD, 8-aligned)' if qword else 'dword (size=DWORD, both lanes of the 8-byte port)'
    o.append('# %s: every MI_ATOMIC opcode in %s form, first without Return Data, then'%(name,kind))
    o.append('# with Return Data (the old value lands in R0 = CS_GPR0%s, stored to 0x400000.. by MI_STORE_REGISTER_MEM).'%(' / CS_GPR1' if qword else ''))
    o.append('# CMP_WR both hit (op2 written) and miss (old written back, C28); IMAX/IMIN signed, UMAX/UMIN unsigned.')
    o.append('# Expected values derived by hand from docs/commands.md 5 and spec-decisions C28 (each op\'s formula),')
    o.append('# not from the model (tools/directed_atomic_gts.py writes this file from those formulas).')
    o.append('test %s'%name); o.append('seed %d'%(31 if qword else 30)); o.append('latency rd=2..20 ready=70')
    o.append('hang_cycles 3000'); o.append('max_cycles 400000'); o.append('')
    o.append('ring 0x100000 size 0x1000 {'); o+=ring; o.append('}'); o.append('')
    o.append('data 0x500000 {')
    mem={}
    for a,v in data:
        if qword: mem[a]=v&M32; mem[a+4]=v>>32
        else: mem[a]=v
    top=max(mem)+4
    dws=[mem.get(a,0) for a in range(0x500000,top,4)]
    for i in range(0,len(dws),4): o.append('  DW '+' '.join('0x%08x'%d for d in dws[i:i+4]))
    o.append('}'); o.append('')
    o.append('host {'); o+=['  write RCS0.RING_CTL 0x0','  write RCS0.RING_START 0x100000','  write RCS0.RING_HEAD 0x0',
      '  write RCS0.RING_TAIL 0x0','  write RCS0.RING_CTL 0x1','  write RCS0.RING_TAIL 0x%x'%TAIL[qword],'  wait_idle','}','']
    o.append('expect {'); o.append('  writes RCS0 {')
    for a,be,d in writes: o.append('    0x%06x be=0x%02x data=0x%016x'%(a,be,d))
    o.append('  } from "commands.md 5 MI_ATOMIC, C28: one write of the new value per atomic (byte enables of the size, always written, even a CMP_WR miss); SRM one dword write (commands.md 4, cycle-contract 3)"')
    for k,a,v,op in exps:
        if k=='ret':
            o.append('  mem32 0x%x == 0x%08x from "commands.md 5 MI_ATOMIC, C28: Return Data puts the OLD value into R0 (%s); SRM stores it"'%(a,v,op))
        else:
            o.append('  %s 0x%x == 0x%0*x from "commands.md 5 MI_ATOMIC %s, C28: new value from the old value and the inline operands"'%(k,a,16 if qword else 8,v,op))
    if qword:
        o.append('  reg RCS0.CS_GPR0 == 0x%08x from "commands.md 5 MI_ATOMIC, C28: the last Return Data leaves the old qword in R0 (low)"'%(last_ret&M32))
        o.append('  reg RCS0.CS_GPR1 == 0x%08x from "commands.md 5 MI_ATOMIC, C28: the last Return Data leaves the old qword in R0 (high)"'%(last_ret>>32))
    else:
        o.append('  reg RCS0.CS_GPR0 == 0x%08x from "commands.md 5 MI_ATOMIC, C28: the last Return Data leaves the old dword in CS_GPR0"'%(last_ret))
        o.append('  reg RCS0.CS_GPR1 == 0x%08x from "spec-decisions C28: a dword Return Data leaves CS_GPR1 alone"'%gpr1_pre)
    o.append('  errors RCS0 == 0 from "spec-decisions C2: every command executed here is legal, so no instruction error and no halt"')
    o.append('  not_halted RCS0 from "spec-decisions C2: every command executed here is legal, so no instruction error and no halt"')
    o.append('}')
    open('tests/directed/%s.gts'%name,'w').write('\n'.join(o)+'\n')
TAIL={False:0x800,True:0x800}
emit(False); emit(True)
