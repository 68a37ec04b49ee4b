/* outfile.c — all-or-nothing output files and input arguments.
 *
 * A named output that is (or will be) a regular file is written to
 * "<file>.tmpXXXXXX" beside it and renamed over it on commit: rename(2)
 * within one directory is atomic, so a reader (or a make rule) sees either
 * the old file or the whole new one, never a truncated result of a failed
 * run. A symbolic link is followed to the file it names, and the rename
 * lands there: the link stays a link.
 *
 * Anything else — a character or block device (/dev/null, /dev/full, a
 * tty), a FIFO, a socket, or a descriptor named through /proc or /dev/fd
 * (/dev/stdout, bash's >(...)) — is written through (opened to append,
 * see open_through): it cannot be replaced by a file (as root, renaming over /dev/null
 * would replace the system's /dev/null), and refusing it would forbid the
 * usual `-o /dev/stdout` or `-o >(gzip > x.gz)`. Such an output is not
 * atomic, which it could not be anyway. A directory is refused (EISDIR). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/common.h"

static int is_std(const char *path)
{
    return !path || strcmp(path, "-") == 0;
}

/* Frees the names and forgets the stream; errno is preserved so callers
 * can report the failure that led here. */
static void out_forget(outfile *o)
{
    int saved = errno;
    free(o->path);
    free(o->tmp_path);
    *o = (outfile){0};
    errno = saved;
}

/* /proc/PID/fd/N and its aliases are "magic" links to open descriptors
 * (a pipe, a terminal, a file opened for appending): renaming over what
 * they point to would not write to the descriptor. */
static int is_proc_path(const char *path)
{
    return strncmp(path, "/proc/", 6) == 0;
}

/* The path a symbolic link's target is named by: relative targets are
 * relative to the link's directory. */
static char *link_target(const char *link)
{
    strbuf target = {0};
    char buf[PATH_MAX];
    ssize_t n = readlink(link, buf, sizeof buf);
    if (n < 0)
        return NULL;
    if ((size_t)n == sizeof buf) {   /* perhaps cut short */
        errno = ENAMETOOLONG;
        return NULL;
    }
    buf[n] = '\0';
    const char *slash = strrchr(link, '/');
    if (buf[0] != '/' && slash)
        sb_putn(&target, link, (size_t)(slash - link) + 1);
    sb_puts(&target, buf);
    return target.text;
}

/* Follows path through its symbolic links (up to the kernel's usual 40)
 * to the name of the file it stands for, which may not exist yet. NULL
 * with errno set on a loop or an unreadable link; *through set when the
 * chain passes through /proc, so the caller writes through instead. */
static char *resolve_links(const char *path, int *through)
{
    char *cur = xstrdup(path);
    *through = 0;
    for (int hops = 0;; hops++) {
        struct stat st;
        if (is_proc_path(cur))
            *through = 1;
        if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode))
            return cur;   /* missing (created by the rename) or final */
        if (hops == 40) {
            free(cur);
            errno = ELOOP;
            return NULL;
        }
        char *next = link_target(cur);
        free(cur);
        if (!next)
            return NULL;
        cur = next;
    }
}

/* Write-through output: no temporary, path kept for the messages. Opened
 * to append, never truncated: a device or FIFO has nothing to truncate,
 * and /dev/stdout onto a file the shell opened with >> (or that holds
 * what came before in a { ...; } > file group) must not lose it. */
static int open_through(outfile *o, const char *path)
{
    int fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0666);
    FILE *fp = fd < 0 ? NULL : fdopen(fd, "a");
    if (!fp) {
        if (fd >= 0)
            close(fd);
        return -1;
    }
    o->fp = fp;
    o->path = xstrdup(path);
    return 0;
}

/* The temporary's permissions: those of the file it replaces, or the
 * usual 0666 & ~umask for a new file, as if fopen had created it
 * (mkstemp creates 0600). umask can only be read by setting it, so it is
 * set back at once (the programs are single threaded). */
static mode_t new_file_mode(const char *target)
{
    struct stat st;
    if (stat(target, &st) == 0)
        return st.st_mode & 0777;
    mode_t mask = umask(0);
    umask(mask);
    return 0666 & ~mask;
}

int out_open(outfile *o, const char *path)
{
    *o = (outfile){0};
    if (is_std(path)) {
        o->fp = stdout;
        return 0;
    }
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        if (S_ISDIR(st.st_mode)) {
            errno = EISDIR;
            return -1;
        }
        return open_through(o, path);
    }
    int through;
    char *target = resolve_links(path, &through);
    if (!target)
        return -1;
    if (through) {
        free(target);
        return open_through(o, path);
    }
    strbuf tmp = {0};
    sb_printf(&tmp, "%s.tmpXXXXXX", target);
    int fd = mkstemp(tmp.text);
    FILE *fp = NULL;
    if (fd < 0 || fchmod(fd, new_file_mode(target)) != 0 ||
        !(fp = fdopen(fd, "w"))) {
        int saved = errno;
        if (fd >= 0) {
            close(fd);
            unlink(tmp.text);
        }
        sb_free(&tmp);
        free(target);
        errno = saved;
        return -1;
    }
    o->fp = fp;
    o->path = target;
    o->tmp_path = tmp.text;   /* ownership moves from the strbuf */
    return 0;
}

/* ferror catches write errors that an earlier fputs/printf swallowed;
 * those leave errno unspecified by then, so EIO stands in. */
static int flush_checked(FILE *fp)
{
    if (fflush(fp) != 0)
        return -1;
    if (ferror(fp)) {
        errno = EIO;
        return -1;
    }
    return 0;
}

int out_commit(outfile *o)
{
    if (!o->path)
        return o->fp ? flush_checked(o->fp) : 0;   /* stdout */
    int failed = flush_checked(o->fp) != 0;
    int saved = errno;
    if (fclose(o->fp) != 0 && !failed) {
        failed = 1;
        saved = errno;
    }
    if (o->tmp_path) {
        if (!failed && rename(o->tmp_path, o->path) != 0) {
            failed = 1;
            saved = errno;
        }
        if (failed)
            unlink(o->tmp_path);
    }
    out_forget(o);
    errno = saved;
    return failed ? -1 : 0;
}

void out_abort(outfile *o)
{
    if (!o->path)
        return;   /* stdout: what was written is gone already */
    fclose(o->fp);   /* written through: what was written stays */
    if (o->tmp_path)
        unlink(o->tmp_path);
    out_forget(o);
}

FILE *in_open(const char *path)
{
    return is_std(path) ? stdin : fopen(path, "r");
}

/* stdin stays open: another input argument may be "-" again, and closing
 * fd 0 would let the next open() reuse it. */
void in_close(FILE *fp)
{
    if (fp && fp != stdin)
        fclose(fp);
}
