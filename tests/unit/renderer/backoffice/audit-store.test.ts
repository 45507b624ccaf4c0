// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/backoffice/"}
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditDay } from '../../../../shared/contracts/audit.js';
import { useAuditStore } from '../../../../renderer/backoffice/stores/audit.js';
import { refused, signedIn } from './fake-service.js';
import { heldService } from '../held-service.js';

const day = (date: string): AuditDay => ({
  resultCode: 'SUCCESS',
  resultReason: null,
  dispensaryShortName: 'demo',
  date,
  timeZone: 'America/Los_Angeles',
  events: [],
  dealDiscounts: [],
});

afterEach(() => vi.unstubAllGlobals());

describe('the audit trail', () => {
  it('shows the day chosen last, when the answer for the day before comes after it', async () => {
    signedIn(['audit:read']);
    const calls = heldService();
    const audit = useAuditStore();
    audit.day = '2026-11-30';
    const first = audit.load();
    audit.day = '2026-11-29';
    const second = audit.load();
    expect(calls.map((call) => call.url.searchParams.get('date'))).toEqual(['2026-11-30', '2026-11-29']);

    calls[1]!.answer({ body: day('2026-11-29') });
    await second;
    calls[0]!.answer(refused(503, 'UNAVAILABLE', 'Down.'));
    await first;
    expect(audit.trail?.date).toBe('2026-11-29');
    expect(audit.error).toBe('');
    expect(audit.loading).toBe(false);
  });
});
