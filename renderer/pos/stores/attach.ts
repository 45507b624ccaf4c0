import { defineStore } from 'pinia';
import { ref } from 'vue';
import { attachApi, readAttachState } from '../logic/attach-state';

/** What attaching a register asks of the manager: the store server, the store, their login. */
export interface AttachForm {
  serverUrl: string;
  dispensary: string;
  username: string;
  password: string;
}

/** A register attached: its store, and the server's words on what is left to do, if any. */
export interface Attached {
  dispensaryShortName: string;
  dispensaryName: string;
  notice?: string;
}

/**
 * This register's attachment to a store server (README "Attaching registers"), asked of its own
 * service before anyone signs in: whether it is new (its POS offers to attach it) or attached, and
 * to which store; attaching it as `name` with a manager's login at the server.
 */
export const useAttachStore = defineStore('attach', () => {
  /** The register is new: its POS shows the attach screen first. */
  const attachable = ref(false);

  /** Reads the register's state; answers the store it is attached to, if any. */
  async function read(): Promise<string | null> {
    const state = await readAttachState();
    attachable.value = state?.attachable ?? false;
    return state?.attached?.dispensaryShortName ?? null;
  }

  /**
   * Attaches the register; answers the store's short name at the server, and what the server says is
   * left to do (a drawer shift of this register's name still open there). Throws the refusal.
   */
  async function attach(name: string, form: AttachForm): Promise<Attached> {
    const answer = await attachApi().post<Attached>('/v2.0/register/attach', {
      serverUrl: form.serverUrl.trim(),
      dispensary: form.dispensary.trim(),
      name,
      username: form.username.trim(),
      password: form.password,
    });
    return {
      dispensaryShortName: answer.dispensaryShortName,
      dispensaryName: answer.dispensaryName,
      notice: answer.notice,
    };
  }

  return { attachable, read, attach };
});
