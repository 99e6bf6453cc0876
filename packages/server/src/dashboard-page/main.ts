// The usage dashboard served at GET /dashboard: signs in with an e-mailed code or an API key,
// then shows the account's usage. Built by rollup.dashboard.mjs into dist/dashboard/.
import { callApi, DashboardApiError, type SessionInfo } from './api.js';
import { setUpSignIn, showSignIn } from './sign-in.js';
import { showUsage } from './usage-view.js';

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const status = byId('status');
const say = (text: string) => {
  status.textContent = text;
};

const signIn = {
  section: byId('sign-in'),
  emailForm: byId<HTMLFormElement>('email-form'),
  codeForm: byId<HTMLFormElement>('code-form'),
  keyForm: byId<HTMLFormElement>('key-form'),
  email: byId<HTMLInputElement>('email'),
  code: byId<HTMLInputElement>('code'),
  apiKey: byId<HTMLInputElement>('api-key'),
  codeAddress: byId('code-address'),
};

function enter(session: SessionInfo): void {
  signIn.section.hidden = true;
  byId('who').hidden = false;
  byId('who-text').textContent = session.account === null ? session.email : `${session.account} · ${session.email}`;
  showUsage(session, session.currentMonth, say);
}

byId('sign-out').addEventListener('click', () => {
  void callApi('DELETE', '/dashboard/session').finally(() => location.reload());
});
setUpSignIn(signIn, say, enter);
callApi<SessionInfo>('GET', '/dashboard/session').then(enter, (error: unknown) => {
  if (!(error instanceof DashboardApiError && error.status === 401)) say(error instanceof Error ? error.message : String(error));
  showSignIn(signIn);
});
