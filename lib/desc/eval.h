/* eval.h — inside lib/desc: the derived forms of a function (eval.c). */
#ifndef PERFPIPE_DESC_EVAL_H
#define PERFPIPE_DESC_EVAL_H

#include "desc/desc.h"

/* Builds f->fast from f->code (desc_add_func). */
void desc_func_compile(desc_func *f);
/* Frees f->fast and f's table unless shared (desc_free). */
void desc_func_free_derived(desc_func *f);

#endif
