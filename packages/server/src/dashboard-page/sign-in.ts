import { callApi, DashboardApiError, type SessionInfo } from './api.js';

/** The sign-in section's elements. */
interface SignInElements {
  section: HTMLElement;
  emailForm: HTMLFormElement;
  codeForm: HTMLFormElement;
  keyForm: HTMLFormElement;
  email: HTMLInputElement;
  code: HTMLInputElement;
  apiKey: HTMLInputElement;
  codeAddress: HTMLElement;
}

/**
 * Wires the sign-in forms: an address gets a code by e-mail, the code (or a pasted `sd_` key)
 * opens a session; `onSignedIn` receives it. `say` shows progress and errors in the live region.
 */
export function setUpSignIn(elements: SignInElements, say: (text: string) => void, onSignedIn: (session: SessionInfo) => void): void {
  let address = '';
  const attempt = (form: HTMLFormElement, action: () => Promise<void>) =>
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const button = form.querySelector('button');
      if (button) button.disabled = true;
      action()
        .catch((error: unknown) => say(error instanceof DashboardApiError ? error.message : 'The server could not be reached. Try again.'))
        .finally(() => {
          if (button) button.disabled = false;
        });
    });

  attempt(elements.emailForm, async () => {
    address = elements.email.value.trim();
    await callApi('POST', '/dashboard/session/code', { email: address });
    elements.codeAddress.textContent = address;
    elements.codeForm.hidden = false;
    elements.code.value = '';
    elements.code.focus();
    say(`We sent a code to ${address}. It is valid for 10 minutes.`);
  });
  attempt(elements.codeForm, async () => {
    onSignedIn(await callApi<SessionInfo>('POST', '/dashboard/session', { email: address, code: elements.code.value }));
  });
  attempt(elements.keyForm, async () => {
    const session = await callApi<SessionInfo>('POST', '/dashboard/session', { apiKey: elements.apiKey.value.trim() });
    elements.apiKey.value = '';
    onSignedIn(session);
  });
}

/** Shows the sign-in section with the address field focused. */
export function showSignIn(elements: Pick<SignInElements, 'section' | 'email' | 'codeForm'>): void {
  elements.section.hidden = false;
  elements.codeForm.hidden = true;
  elements.email.focus();
}
