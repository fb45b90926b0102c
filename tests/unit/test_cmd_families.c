/* The command table, the model's handlers and the generator's command families agree (issue 18): adding a modelled
 * command is its table row, its handler, its RTL unit, its emitter (a GTREF_GEN_FAMILIES row when it is a family of
 * its own), a test and docs/commands.md. */
#include <criterion/criterion.h>
#include <stdint.h>

#include "gtref/cmds.h"
#include "gtref/model.h"
#include "gtref/stim.h"

typedef struct family { const char *name, *option; unsigned weight; uint64_t cmds; } family;
#define FAMILY_ROW(name, option, weight, cli, cmds) {#name, option, weight, cmds},
static const family families[] = {GTREF_GEN_FAMILIES(FAMILY_ROW)};
#define NFAMILIES (sizeof families / sizeof families[0])

Test(cmd_families, every_modelled_command_has_a_handler_and_every_handler_a_modelled_row)
{
    for (int id = 0; id < GTREF_CMD_COUNT; id++)
        cr_expect_eq(gtm_cmd_has_handler(id), gtref_cmds[id].modelled != 0, "%s: modelled %d, handler %d",
                     gtref_cmds[id].name, gtref_cmds[id].modelled, gtm_cmd_has_handler(id));
    cr_expect(!gtm_cmd_has_handler(-1) && !gtm_cmd_has_handler(GTREF_CMD_COUNT));
}

Test(cmd_families, every_modelled_command_has_an_emitter_with_a_default_weight)
{
    gtref_gen_config c;
    gtref_gen_config_default(&c);
    for (int id = 0; id < GTREF_CMD_COUNT; id++) {
        if (!gtref_cmds[id].modelled) continue;
        cr_assert_lt(id, 64, "%s: the families' command masks hold ids below 64", gtref_cmds[id].name);
        unsigned weight = 0;
        for (size_t f = 0; f < NFAMILIES; f++)
            if (families[f].cmds >> id & 1u) weight += families[f].weight;
        cr_expect_gt(weight, 0u, "%s: no command family of non-zero default weight emits it", gtref_cmds[id].name);
    }
}

Test(cmd_families, every_family_emits_modelled_commands_only)
{
    for (size_t f = 0; f < NFAMILIES; f++) {
        cr_expect_neq(families[f].cmds, 0u, "family %s names no command", families[f].name);
        for (int id = 0; id < 64; id++)
            if (families[f].cmds >> id & 1u)
                cr_expect(id < GTREF_CMD_COUNT && gtref_cmds[id].modelled, "family %s emits %s, not modelled",
                          families[f].name, id < GTREF_CMD_COUNT ? gtref_cmds[id].name : "an unknown id");
    }
}

Test(cmd_families, the_defaults_are_the_rows_weights)
{
    gtref_gen_config c;
    gtref_gen_config_default(&c);
#define FAMILY_WEIGHT(name, option, weight, cli, cmds) cr_expect_eq(c.w_##name, (unsigned)(weight), #name);
    GTREF_GEN_FAMILIES(FAMILY_WEIGHT)
}
