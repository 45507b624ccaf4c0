import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadStateProfiles, readProfileFile } from '../../../electron/server/core/state-profiles/profile-files.js';
import type { StateProfile } from '../../../shared/compliance/index.js';
import { scratchFolder } from '../../support/scratch-folder.js';
import { COLORADO } from '../../support/state-profiles.js';

// State profiles as the JSON files an operator writes (README "State profiles"): real files in a
// temporary folder, read as the service reads them at start.

/** Nevada's rules, as an operator would start them: Colorado's file with another state's name. */
const nevada = (): StateProfile => ({
  ...structuredClone(COLORADO),
  id: 'us-nv',
  stateCode: 'NV',
  stateName: 'Nevada',
});

/** The test file's folders of profiles, each in a folder of its own. */
const scratch = scratchFolder('profiles-');

function folderWith(files: Record<string, string>): string {
  const folder = mkdtempSync(join(scratch, 'profiles-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text);
  return folder;
}

describe('a state profile file', () => {
  it('is read and checked: the profile it holds', () => {
    const folder = folderWith({ 'us-nv.json': JSON.stringify(nevada(), null, 2) });
    expect(readProfileFile(join(folder, 'us-nv.json'))).toEqual({ ok: true, profile: nevada() });
  });

  it('that is not JSON says where, by line and column', () => {
    const text = '{\n  "id": "us-nv",\n  "stateCode": "NV",\n}\n';
    const folder = folderWith({ 'us-nv.json': text });
    expect(readProfileFile(join(folder, 'us-nv.json'))).toEqual({
      ok: false,
      problems: [{ field: '', problem: 'is not JSON: Expected double-quoted property name (line 4, column 1)' }],
    });
  });

  it('that is missing says so', () => {
    expect(readProfileFile(join(tmpdir(), 'no-such-profile.json'))).toEqual({
      ok: false,
      problems: [{ field: '', problem: 'cannot be read: there is no such file' }],
    });
  });

  it('lists every problem of its fields, naming each', () => {
    const broken = nevada() as StateProfile & Record<string, unknown>;
    broken.customerTypes.adult_use.minimumAge = 17;
    broken.limits = {};
    const folder = folderWith({ 'us-nv.json': JSON.stringify(broken) });
    expect(readProfileFile(join(folder, 'us-nv.json'))).toEqual({
      ok: false,
      problems: [
        { field: 'limits', problem: 'is not a field of a state profile' },
        { field: 'customerTypes.adult_use.minimumAge', problem: 'must be at least 18, not 17' },
      ],
    });
  });
});

describe("an operator's folder of state profiles", () => {
  it('adds its profiles to the shipped ones, and one with a shipped id replaces it', () => {
    const california = { ...structuredClone(COLORADO), id: 'us-ca', stateCode: 'CA', stateName: 'California (ours)' };
    const folder = folderWith({
      'us-nv.json': JSON.stringify(nevada()),
      'us-ca.json': JSON.stringify(california),
      'README.md': 'not a profile: ignored',
    });
    const profiles = loadStateProfiles(folder);
    expect(profiles.loaded.map(({ profile, source }) => [profile.id, source])).toEqual([
      ['us-co', 'shipped'],
      ['us-ca', { file: join(folder, 'us-ca.json') }],
      ['us-nv', { file: join(folder, 'us-nv.json') }],
    ]);
    expect(profiles.find('us-nv')?.stateName).toBe('Nevada');
    expect(profiles.fallback.stateName).toBe('California (ours)');
    expect(() => profiles.choose('us-wa')).toThrow(
      'complianceProfile must be the id of a loaded state profile (us-co (Colorado), us-ca (California (ours)), ' +
        'us-nv (Nevada)), not "us-wa"',
    );
  });

  it('refuses a file that is not valid, naming the file and what is wrong', () => {
    const broken = nevada();
    broken.customerTypes.medical.groups[0]!.limit = 56.5;
    const folder = folderWith({ 'us-nv.json': JSON.stringify(broken) });
    expect(() => loadStateProfiles(folder)).toThrow(
      `${join(folder, 'us-nv.json')} is not a valid state profile: ` +
        'customerTypes.medical.groups[0].limit must be a whole number, not 56.5',
    );
  });

  it('refuses a file not named after the profile it holds', () => {
    const folder = folderWith({ 'nevada.json': JSON.stringify(nevada()) });
    expect(() => loadStateProfiles(folder)).toThrow(
      `${join(folder, 'nevada.json')} is not a valid state profile: the file is named nevada.json, but holds the ` +
        'profile "us-nv": name it us-nv.json',
    );
  });

  it('that does not exist, or is a file, is refused in words', () => {
    const folder = folderWith({});
    expect(() => loadStateProfiles(join(folder, 'missing'))).toThrow(
      `the profiles folder ${join(folder, 'missing')} does not exist`,
    );
    writeFileSync(join(folder, 'a-file'), '');
    expect(() => loadStateProfiles(join(folder, 'a-file'))).toThrow(
      `the profiles folder ${join(folder, 'a-file')} is a file`,
    );
    mkdirSync(join(folder, 'empty'));
    expect(loadStateProfiles(join(folder, 'empty')).loaded).toHaveLength(2);
  });
});
