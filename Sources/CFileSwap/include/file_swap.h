#ifndef AURA_FILE_SWAP_H
#define AURA_FILE_SWAP_H

/// Atomically exchanges the paths `a` and `b` (Linux renameat2 with RENAME_EXCHANGE): at every
/// instant each path names one of the two whole trees. Returns 0, or -1 with errno set
/// (EINVAL or ENOSYS where the file system or kernel cannot exchange).
int aura_exchange_paths(const char *a, const char *b);

#endif
