/** The four category links (SPEC §2 Header) as the header and the mobile menu draw them. */
import { NavLink } from 'react-router';
import { CATEGORY_LINKS } from './nav-links';

export function CategoryNavLinks({ linkClassName, onNavigate }: { linkClassName: string; onNavigate?: () => void }) {
  return CATEGORY_LINKS.map((link) => (
    <NavLink
      key={link.to}
      to={link.to}
      onClick={onNavigate}
      className={linkClassName}
    >
      {link.label}
    </NavLink>
  ));
}
