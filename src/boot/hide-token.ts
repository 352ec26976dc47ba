// Imported by cli.tsx right after hide-fetch, before the rest loads: `--token VALUE` is in the
// process's command line, which `ps` shows every user of the machine. Assigning process.title
// rewrites the memory the kernel reads /proc/<pid>/cmdline from (Linux; macOS similarly), so the
// value is replaced there as early as possible. What this cannot hide: the moment between exec
// and this line, and copies made meanwhile (shell history, audit logs) — hence --token-file,
// `--token -` and GITLAB_TOKEN are the documented ways (src/config/help.ts).

/** The command line with every --token value replaced by `***`; null when there is none to hide. */
export function maskedCommandLine(argv: readonly string[]): string | null {
  let masked = false;
  const out = argv.map((arg, i) => {
    if (arg.startsWith('--token=') && arg !== '--token=-') {
      masked = true;
      return '--token=***';
    }
    if (argv[i - 1] === '--token' && arg !== '-') {
      masked = true;
      return '***';
    }
    return arg;
  });
  return masked ? ['pipetop', ...out].join(' ') : null;
}

const title = maskedCommandLine(process.argv.slice(2));
if (title !== null) {
  try {
    process.title = title;
  } catch {
    // Platforms without a settable title: nothing more can be done from inside the process.
  }
}
