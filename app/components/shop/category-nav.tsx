/** The four category links (SPEC §2 Header) as the header and the mobile menu draw them. */
import { useLocation } from 'react-router';
import { isCurrentPath, PlainLink } from '~/components/ui/plain-link';
import { CATEGORY_LINKS } from './nav-links';

export function CategoryNavLinks({ linkClassName, onNavigate }: { linkClassName: string; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return CATEGORY_LINKS.map((link) => (
    <PlainLink
      key={link.to}
      to={link.to}
      discover
      current={isCurrentPath(pathname, link.to)}
      onClick={onNavigate}
      className={linkClassName}
    >
      {link.label}
    </PlainLink>
  ));
}
