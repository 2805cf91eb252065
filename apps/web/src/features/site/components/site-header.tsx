import { ClaimTexts, OfficeTexts, Texts, TrackerTexts } from '@opence/shared';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { MenuLink } from '../../../components/ui/menu-link.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useSession } from '../../../lib/auth.tsx';
import { useSite } from '../api/get-site.ts';

/** Menus of 01 §2: every visitor's links, and the member's own when signed in. */
const CONTENT_LINKS = [
  { to: '/webinars', label: 'Live Webinars' },
  { to: '/ondemand', label: 'On-Demand' },
  { to: '/podcasts', label: 'Podcasts' },
  { to: '/blog', label: 'Blog' },
];
/**
 * In the phone menu with the others; on a desktop under 'More', so the bar fits from 992 px with
 * Premium Courses and Product Training added (issue 22, item 14, decision 1031).
 */
const MORE_LINKS = [
  { to: '/drilldowns', label: 'Drill Downs' },
  { to: '/ebooks', label: 'eBooks' },
  { to: '/premium', label: 'Premium Courses' },
  { to: '/tutorials', label: Texts.TUTORIALS_TITLE },
];
const MEMBER_LINKS = [
  { to: '/seats', label: 'Reserved Seats' },
  { to: '/queue', label: 'Watch Later' },
  { to: '/exams', label: 'CE in Progress' },
  { to: '/completed', label: 'CE Completed' },
  { to: '/claim', label: ClaimTexts.MENU_LABEL },
  { to: '/tutorial-history', label: Texts.TUTORIAL_HISTORY_TITLE },
  { to: '/tracker', label: TrackerTexts.MENU_LABEL },
  { to: '/office', label: OfficeTexts.NAV_LINK },
  { to: '/downloads', label: Texts.DOWNLOADS_TITLE },
  { to: '/account', label: 'Account' },
];
const SECONDARY_LINKS = [
  { to: '/support', label: 'Support' },
  { to: '/privacy', label: 'Privacy' },
  { to: '/terms', label: 'Terms' },
];

export function SiteHeader() {
  const session = useSession();
  const { brand } = useSite();
  const location = useLocation();
  const navigate = useNavigate();
  // Every navigation closes the menus (a link, the logo, Back, a redirect after login): the state
  // is reset while rendering the new location, so the menu never shows open on the next page.
  const [isOpen, setOpen] = useState(false);
  const [isConfirmingLogout, setConfirmingLogout] = useState(false);
  const [openGroup, setOpenGroup] = useState<'member' | 'more' | null>(null);
  const isMemberMenuOpen = openGroup === 'member';
  const isMoreOpen = openGroup === 'more';
  const [menusAt, setMenusAt] = useState(location.key);
  if (menusAt !== location.key) {
    setMenusAt(location.key);
    setOpen(false);
    setOpenGroup(null);
  }
  const closeMenus = () => {
    setOpen(false);
    setOpenGroup(null);
  };
  const toggleGroup = (group: 'member' | 'more') => setOpenGroup((open) => (open === group ? null : group));
  const memberMenuRef = useRef<HTMLLIElement>(null);
  const moreMenuRef = useRef<HTMLLIElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  // The phone menu closes on Escape and gives the focus back to its button.
  useEffect(() => {
    if (!isOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      menuButtonRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isOpen]);

  // A desktop dropdown closes on a click elsewhere or on Escape, like any menu.
  useEffect(() => {
    if (!openGroup) return;
    const group = openGroup === 'member' ? memberMenuRef : moreMenuRef;
    const onPointer = (event: PointerEvent) => {
      if (!group.current?.contains(event.target as Node)) setOpenGroup(null);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpenGroup(null);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [openGroup]);

  const links = (items: { to: string; label: string }[]) =>
    items.map((item) => (
      <li key={item.to}>
        <MenuLink to={item.to} onClick={closeMenus}>
          {item.label}
        </MenuLink>
      </li>
    ));

  return (
    <header className="site-header">
      <div className="container">
        <MenuLink to="/home" className="brand" onClick={closeMenus}>
          <img src="/favicon.svg" alt="" width="28" height="28" />
          {brand}
        </MenuLink>
        <button
          type="button"
          className="menu-button"
          aria-expanded={isOpen}
          aria-controls="site-nav"
          ref={menuButtonRef}
          onClick={() => setOpen(!isOpen)}
        >
          {isOpen ? 'Close' : 'Menu'}
        </button>
        <nav id="site-nav" aria-label="Main" className={isOpen ? 'site-nav is-open' : 'site-nav'}>
          <ul>
            <li className="nav-secondary">
              <MenuLink to="/home" onClick={closeMenus}>
                Home
              </MenuLink>
            </li>
            {links(CONTENT_LINKS)}
            <li className="nav-group" ref={moreMenuRef}>
              <button
                type="button"
                className="nav-item nav-group-toggle"
                aria-expanded={isMoreOpen}
                aria-controls="more-menu"
                onClick={() => toggleGroup('more')}
              >
                More
              </button>
              <ul id="more-menu" className={isMoreOpen ? 'nav-group-list is-open' : 'nav-group-list'}>
                {links(MORE_LINKS)}
              </ul>
            </li>
            {session && (
              <li className="nav-section" aria-hidden="true">
                My CE
              </li>
            )}
            {session ? (
              <li className="nav-group" ref={memberMenuRef}>
                <button
                  type="button"
                  className="nav-item nav-group-toggle"
                  aria-expanded={isMemberMenuOpen}
                  aria-controls="member-menu"
                  onClick={() => toggleGroup('member')}
                >
                  My CE
                </button>
                <ul
                  id="member-menu"
                  className={isMemberMenuOpen ? 'nav-group-list is-open' : 'nav-group-list'}
                >
                  {links(MEMBER_LINKS)}
                  <li>
                    <button type="button" className="nav-item" onClick={() => setConfirmingLogout(true)}>
                      Logout
                    </button>
                  </li>
                </ul>
              </li>
            ) : (
              <li>
                <MenuLink to="/login" onClick={closeMenus}>
                  Login
                </MenuLink>
              </li>
            )}
            <li className="nav-section" aria-hidden="true">
              Help
            </li>
            {SECONDARY_LINKS.map((item) => (
              <li key={item.to} className={item.to === '/support' ? undefined : 'nav-secondary'}>
                <MenuLink to={item.to} onClick={closeMenus}>
                  {item.label}
                </MenuLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <Modal
        open={isConfirmingLogout}
        title="Logout"
        onClose={() => setConfirmingLogout(false)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirmingLogout(false)}>
              Cancel
            </Button>
            <Button
              onClick={() => {
                setConfirmingLogout(false);
                navigate('/logout');
              }}
            >
              Logout
            </Button>
          </>
        }
      >
        <p>{Texts.LOGOUT_CONFIRM}</p>
      </Modal>
    </header>
  );
}
