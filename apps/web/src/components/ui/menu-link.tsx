import type { MouseEvent } from 'react';
import { NavLink, useLocation, useNavigate, type NavLinkProps } from 'react-router';

/**
 * A menu link. Re-selecting the current route adds a cache-busting j query (01 §2), so the
 * page reloads its data instead of doing nothing.
 */
export function MenuLink({ to, onClick, ...props }: NavLinkProps & { to: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.shiftKey) return;
    if (location.pathname === to) {
      event.preventDefault();
      navigate(`${to}?j=${Date.now()}`);
    }
  };
  return <NavLink to={to} onClick={handleClick} {...props} />;
}
