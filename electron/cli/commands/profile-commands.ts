import type { Command } from 'commander';
import { problemWords } from '../../../shared/compliance/index.js';
import { ServicePayError } from '../../../shared/errors.js';
import {
  fileProblemsWords,
  loadStateProfiles,
  readProfileFile,
} from '../../server/core/state-profiles/profile-files.js';
import { fileAction, table, type FileCommandContext } from '../cli-context.js';

const PROFILES_HELP = `
A state profile is one JSON file per state (README "State profiles": every field). ServicePay ships
us-ca and us-co; a folder of your own, given as --profiles DIR (or SERVICEPAY_PROFILES_DIR) to the
service and to these commands, adds more (or replaces a shipped one of the same id). Each file is
named after its id: us-nv.json.

Examples:
  $ servicepay profiles show us-co > us-nv.json      # start from a shipped one
  $ servicepay profiles check us-nv.json             # what is wrong, in words (exit code 1)
  $ servicepay --profiles /etc/servicepay/profiles profiles list`;

/** `profiles check <file>`: the file's problems in words, exit code 1; or what it is. */
function check(cli: FileCommandContext, file: string): void {
  const read = readProfileFile(file);
  if (read.ok) {
    const { id, stateName, reviewed } = read.profile;
    cli.print(
      { resultCode: 'SUCCESS', resultReason: null, file, profile: { id, stateName, reviewed } },
      `${file} is a valid state profile: ${stateName} (${id}), reviewed ${reviewed}.\n` +
        `To use it, put it in the service's --profiles folder as ${id}.json and restart the service.`,
    );
    return;
  }
  cli.io.fail();
  const detail = fileProblemsWords(file, read.problems);
  if (cli.json) {
    const failure = new ServicePayError('INVALID_INPUT', detail).toBody();
    cli.print({ ...failure, problems: read.problems }, '');
    return;
  }
  const lines = read.problems.map(
    (problem) => `  ${problem.field ? problemWords(problem) : `the file ${problem.problem}`}`,
  );
  cli.io.stderr.write(`servicepay: ${file} is not a valid state profile:\n${lines.join('\n')}\n`);
}

/** `profiles list`: the profiles a store may enforce, and where each came from. */
function list(cli: FileCommandContext): void {
  const rows = loadStateProfiles(cli.profilesDir).loaded.map(({ profile, source }) => ({
    id: profile.id,
    state: profile.stateName,
    reviewed: profile.reviewed,
    source: source === 'shipped' ? 'shipped' : source.file,
  }));
  cli.print({ profiles: rows }, () => table(rows, ['id', 'state', 'reviewed', 'source']));
}

/** `profiles show <id>`: a loaded profile as its file holds it (a start for another state's). */
function show(cli: FileCommandContext, id: string): void {
  const profiles = loadStateProfiles(cli.profilesDir);
  const profile = profiles.find(id.trim().toLowerCase());
  if (!profile) {
    throw new ServicePayError('NOT_FOUND', `no state profile "${id}" is loaded: ${profiles.describe()}`);
  }
  cli.io.stdout.write(`${JSON.stringify(profile, null, 2)}\n`);
}

/** `profiles check|list|show`: the states' rules as data files, checked before the service loads them. */
export function registerProfileCommands(program: Command): void {
  const profiles = program
    .command('profiles')
    .description("Check, list and show state profiles: each state's rules (ages, purchase limits) as a JSON file")
    .addHelpText('after', PROFILES_HELP);
  profiles
    .command('check <file>')
    .description('Check a state profile file: every problem in words, naming the field (exit code 1), or what it is')
    .action(fileAction(check));
  profiles
    .command('list')
    .description('The state profiles a store may enforce: the shipped ones and those of --profiles')
    .action(fileAction(list));
  profiles
    .command('show <id>')
    .description('Print a loaded state profile as JSON, as its file holds it')
    .action(fileAction(show));
}
