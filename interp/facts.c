// SPDX-License-Identifier: GPL-2.0-only
/*
 * facts: the machine's facts (ncpus, mem_total, arch, ...) as values of
 * the language, for the checker's expressions and -D's checks (see
 * lower.h). It calls nothing else of the checker's.
 */
#include <string.h>

#include "lower.h"
#include "words.h"

const char *const fact_names[] = { "ncpus", "mem_total", "mem_free",
				   "page_size", "nr_nodes", "thp_size", "arch",
				   "virt", NULL };

/*
 * The word of the static list, not f's own text: a value borrows its
 * string, and the facts may go before the program that holds it.
 */
static const char *fact_arch(const struct rt_facts *f)
{
	int i = words_index(words_arch, f->arch[0] ? f->arch : RT_ARCH);

	return i >= 0 ? words_arch[i] : RT_ARCH;
}

/* The same for virt; "none" where it is not known. */
static const char *fact_virt(const struct rt_facts *f)
{
	int i = words_index(words_virt, f->virt[0] ? f->virt : "none");

	return i >= 0 ? words_virt[i] : "none";
}

bool fact_value(const struct rt_facts *f, const char *name, struct value *out)
{
	if (!strcmp(name, "ncpus"))
		*out = val_int(f->ncpus);
	else if (!strcmp(name, "mem_total"))
		*out = val_size(f->mem_total);
	else if (!strcmp(name, "mem_free"))
		*out = val_size(f->mem_free);
	else if (!strcmp(name, "page_size"))
		*out = val_size(f->page_size);
	else if (!strcmp(name, "nr_nodes"))
		*out = val_int(f->nr_nodes);
	else if (!strcmp(name, "thp_size"))
		*out = val_size(f->thp_size);
	else if (!strcmp(name, "arch"))
		*out = val_word(fact_arch(f));
	else if (!strcmp(name, "virt"))
		*out = val_word(fact_virt(f));
	else
		return false;
	return true;
}
