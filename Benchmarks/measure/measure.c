/*
 * measure: runs one program once and reports its wall time and peak memory.
 *
 * usage: measure TIMEOUT_SECONDS STDOUT_FILE STDERR_FILE PROGRAM [ARG...]
 * prints: wall_ns exit_code signal peak_rss_kib timed_out cpu_us
 * (cpu_us: the child's user + system CPU time, steadier than wall time on a
 * loaded machine)
 *
 * Why a C launcher and not Python's own spawn: Linux records the address
 * space a process had before exec in its peak RSS, and a child spawned
 * straight from the Python harness (vfork) would report the harness's
 * ~17 MiB as its floor. Here the child is forked from this tiny program, so
 * ru_maxrss from wait4 is the measured program's own (plus ~1 MiB). Wall
 * time is CLOCK_MONOTONIC from just before posix_spawn to just after wait4
 * reaps the child, so the harness's own start-up never counts.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;
static volatile sig_atomic_t expired = 0;

static void on_alarm(int signum) {
    (void)signum;
    expired = 1;
}

static long long now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

int main(int argc, char **argv) {
    if (argc < 5) {
        fprintf(stderr, "usage: measure TIMEOUT_SECONDS STDOUT_FILE STDERR_FILE PROGRAM [ARG...]\n");
        return 2;
    }
    double timeout = atof(argv[1]);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&actions, 2, argv[3], O_WRONLY | O_CREAT | O_TRUNC, 0644);

    struct sigaction sa = {0};
    sa.sa_handler = on_alarm;
    sigaction(SIGALRM, &sa, NULL); /* no SA_RESTART: wait4 returns EINTR */

    pid_t pid;
    long long start = now_ns();
    int rc = posix_spawn(&pid, argv[4], &actions, NULL, argv + 4, environ);
    if (rc != 0) {
        fprintf(stderr, "measure: cannot start %s: %s\n", argv[4], strerror(rc));
        return 2;
    }
    struct itimerval timer = {{0, 0}, {(time_t)timeout, (suseconds_t)((timeout - (time_t)timeout) * 1e6)}};
    setitimer(ITIMER_REAL, &timer, NULL);
    int status = 0;
    struct rusage usage;
    int timed_out = 0;
    for (;;) {
        pid_t got = wait4(pid, &status, 0, &usage);
        if (got == pid) break;
        if (got < 0 && errno == EINTR && expired && !timed_out) {
            timed_out = 1;
            kill(pid, SIGKILL);
            continue;
        }
        if (got < 0 && errno != EINTR) {
            perror("measure: wait4");
            return 2;
        }
    }
    long long wall = now_ns() - start;
    struct itimerval off = {{0, 0}, {0, 0}};
    setitimer(ITIMER_REAL, &off, NULL);
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    int sig = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    long long cpu = (long long)(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000000LL
                  + usage.ru_utime.tv_usec + usage.ru_stime.tv_usec;
    printf("%lld %d %d %ld %d %lld\n", wall, code, sig, usage.ru_maxrss, timed_out, cpu);
    return 0;
}
