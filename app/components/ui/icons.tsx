/**
 * Icons from one SVG sprite (decision 019): each icon is `<svg><use href="sprite#name"/></svg>`,
 * so the page carries a short tag per icon, not lucide's path data, and the browser fetches
 * the sprite (a hashed, immutable asset) once. The sprite is generated from lucide's data by
 * scripts/build-icons.mjs from icon-names.json; the names and look are lucide's (stroke and
 * size from the `.icon` class in app.css, so each tag stays short: decision 021).
 */
import type { SVGProps } from 'react';
import spriteUrl from './icons.svg?url&no-inline';
import { cn } from '~/lib/utils';

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'>;
export type IconComponent = ((props: IconProps) => React.JSX.Element) & { displayName?: string };

function spriteIcon(name: string): IconComponent {
  // The stroke style and default size are the `.icon` class (app.css), not attributes.
  const Icon = ({ className, ...props }: IconProps) => (
    <svg aria-hidden="true" className={cn('icon', className)} {...props}>
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
  Icon.displayName = `Icon(${name})`;
  return Icon;
}

export const Activity = spriteIcon('activity');
export const ArrowLeft = spriteIcon('arrow-left');
export const Award = spriteIcon('award');
export const CheckCircle2 = spriteIcon('circle-check');
export const ChevronDown = spriteIcon('chevron-down');
export const ChevronLeft = spriteIcon('chevron-left');
export const ChevronRight = spriteIcon('chevron-right');
export const CreditCard = spriteIcon('credit-card');
export const DollarSign = spriteIcon('dollar-sign');
export const Download = spriteIcon('download');
export const Eye = spriteIcon('eye');
export const Gift = spriteIcon('gift');
export const Heart = spriteIcon('heart');
export const HeartHandshake = spriteIcon('heart-handshake');
export const Info = spriteIcon('info');
export const Loader2 = spriteIcon('loader-circle');
export const Lock = spriteIcon('lock');
export const LogIn = spriteIcon('log-in');
export const LogOut = spriteIcon('log-out');
export const Mail = spriteIcon('mail');
export const MapPin = spriteIcon('map-pin');
export const Menu = spriteIcon('menu');
export const Minus = spriteIcon('minus');
export const Package = spriteIcon('package');
export const Pencil = spriteIcon('pencil');
export const Phone = spriteIcon('phone');
export const Plus = spriteIcon('plus');
export const RefreshCw = spriteIcon('refresh-cw');
export const Search = spriteIcon('search');
export const SearchIcon = spriteIcon('search');
export const ShieldCheck = spriteIcon('shield-check');
export const ShoppingBag = spriteIcon('shopping-bag');
export const ShoppingCart = spriteIcon('shopping-cart');
export const Sparkles = spriteIcon('sparkles');
export const Star = spriteIcon('star');
export const Tag = spriteIcon('tag');
export const Trash2 = spriteIcon('trash');
export const TrendingUp = spriteIcon('trending-up');
export const Truck = spriteIcon('truck');
export const User = spriteIcon('user');
export const Users = spriteIcon('users');
export const X = spriteIcon('x');
export const TriangleAlert = spriteIcon('triangle-exclamation-point');
export const Printer = spriteIcon('printer');
