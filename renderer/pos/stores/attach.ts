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

  /** Attaches the register; answers the store's short name at the server. Throws the refusal. */
  async function attach(name: string, form: AttachForm): Promise<string> {
    const answer = await attachApi().post<{ dispensaryShortName: string }>('/v2.0/register/attach', {
      serverUrl: form.serverUrl.trim(),
      dispensary: form.dispensary.trim(),
      name,
      username: form.username.trim(),
      password: form.password,
    });
    return answer.dispensaryShortName;
  }

  return { attachable, read, attach };
});
