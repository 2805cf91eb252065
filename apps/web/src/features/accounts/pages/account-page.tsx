import { Texts } from '@opence/shared';
import { useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useProfile } from '../api/get-profile.ts';
import { AccountHomeTab } from '../components/account-home-tab.tsx';
import { PasswordTab } from '../components/password-tab.tsx';
import { ProfileTab } from '../components/profile-tab.tsx';
import '../accounts.css';

const TABS = [
  { id: 'home', label: 'Home' },
  { id: 'profile', label: 'Profile' },
  { id: 'password', label: 'Password' },
] as const;
type TTab = (typeof TABS)[number]['id'];

/** /account (01 §2): tabs Home, Profile and Password; the tab is kept in ?tab= so it survives a reload. */
export function Component() {
  usePageTitle('Account');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TTab = TABS.some((t) => t.id === requested) ? (requested as TTab) : 'home';
  const profile = useProfile();
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});

  const select = (id: TTab, focus = false) => {
    setParams(id === 'home' ? {} : { tab: id }, { replace: true });
    if (focus) tabRefs.current[id]?.focus();
  };
  // Arrow keys move between tabs (WAI-ARIA tabs pattern).
  const onKeyDown = (event: KeyboardEvent) => {
    const index = TABS.findIndex((t) => t.id === tab);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    select(TABS[(index + step + TABS.length) % TABS.length]!.id, true);
  };

  return (
    <div className="container narrow">
      <h1>Account</h1>
      {profile.data && (
        <p className="account-greeting">
          {[profile.data.student.firstname, profile.data.student.lastname].filter(Boolean).join(' ')} ·{' '}
          {profile.data.student.email}
        </p>
      )}
      <div className="tabs" role="tablist" aria-label="Account" onKeyDown={onKeyDown}>
        {TABS.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              tabRefs.current[t.id] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            className={tab === t.id ? 'tab is-active' : 'tab'}
            onClick={() => select(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="tab-panel">
        {tab === 'home' && <AccountHomeTab onEditProfile={() => select('profile')} />}
        {tab !== 'home' && profile.isPending && <Spinner />}
        {tab !== 'home' && profile.isError && <Alert>{Texts.SERVICE_ERROR}</Alert>}
        {tab === 'profile' && profile.data && (
          <ProfileTab key={profile.dataUpdatedAt} student={profile.data.student} />
        )}
        {tab === 'password' && profile.data && <PasswordTab student={profile.data.student} />}
      </div>
    </div>
  );
}
