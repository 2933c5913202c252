import { Gift, Sparkles, TrendingUp } from '~/components/ui/icons';
import type { RedemptionRate } from '@domain/loyalty';
import * as MESSAGES from '@domain/messages';

/**
 * SPEC §2 Auth: the side panel of benefits (points per $1, redeem points, track progress).
 * The redemption sentence is built from the configured rate (POINTS_PER_DOLLAR_OFF).
 */
export function BenefitsPanel({ redemptionRate }: { redemptionRate: RedemptionRate }) {
  const benefits = [
    { icon: Sparkles, title: MESSAGES.benefitEarnTitle, text: MESSAGES.benefitEarnText },
    { icon: Gift, title: 'Redeem points', text: MESSAGES.benefitRedeemText(redemptionRate) },
    { icon: TrendingUp, title: 'Track progress', text: 'See your balance and every point earned in one place.' },
  ];
  return (
    <aside
      aria-labelledby="benefits-title"
      className="rounded-3xl bg-gradient-to-br from-brand-600 to-brand-800 p-8 text-white shadow-lg sm:p-10"
    >
      <h2 id="benefits-title" className="text-2xl font-semibold tracking-tight">
        Member benefits
      </h2>
      <p className="mt-2 text-white/85">Join our loyalty program and get rewarded for wearing your faith.</p>
      <ul className="mt-8 space-y-6">
        {benefits.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-4">
            <span className="grid size-11 shrink-0 place-items-center rounded-full bg-white/15">
              <Icon className="size-5" aria-hidden />
            </span>
            <span>
              <span className="block font-semibold">{title}</span>
              <span className="block text-sm text-white/80">{text}</span>
            </span>
          </li>
        ))}
      </ul>
    </aside>
  );
}
