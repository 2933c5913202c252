/** /loyalty (SPEC §2): the signed-in customer's points, rendered on the server. */
import { Award, Star, TrendingUp } from '~/components/ui/icons';
import { Link } from 'react-router';
import { Badge } from '~/components/ui/badge';
import { formatDate } from '@domain/dates';
import { formatCount } from '@domain/money';
import { formatSignedPoints, type RedemptionRate } from '@domain/loyalty';
import * as MESSAGES from '@domain/messages';
import { getLoyaltyInfo, type LoyaltyInfo } from '@server/loyalty/get-loyalty-info';
import type { Route } from './+types/loyalty';

export function meta(_: Route.MetaArgs) {
  return [{ title: `${MESSAGES.loyaltyRewards} | Wear Your Faith` }];
}

type LoaderData = ({ state: 'signed-out' } | { state: 'error' } | { state: 'ok'; info: LoyaltyInfo }) & {
  redemptionRate: RedemptionRate;
};

export async function loader({ request, context }: Route.LoaderArgs): Promise<LoaderData> {
  const redemptionRate = context.config.redemptionRate;
  const viewer = await context.auth.getViewer(request);
  if (!viewer) return { state: 'signed-out', redemptionRate };
  try {
    return { state: 'ok', info: await getLoyaltyInfo({ db: context.db, email: viewer.email }), redemptionRate };
  } catch (error) {
    context.logger.error({ err: error }, 'loyalty info failed');
    return { state: 'error', redemptionRate };
  }
}

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

const badgeVariant = (type: string) => (type === 'earned' ? 'secondary' : type === 'redeemed' ? 'outline' : 'default');

export default function LoyaltyPage({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-4xl px-4 py-12 sm:px-6 lg:py-16">
      <h1 className="flex items-center gap-3 text-3xl font-semibold tracking-tight sm:text-4xl">
        <Award className="size-8 text-brand-600" aria-hidden />
        {MESSAGES.loyaltyRewards}
      </h1>
      <div className="mt-8">
        {loaderData.state === 'signed-out' && (
          <div className="rounded-3xl border border-line bg-white p-10 text-center shadow-sm">
            <p className="text-lg">{MESSAGES.loyaltySignInPrompt}</p>
            <Link
              to="/auth"
              className="mt-6 inline-flex h-11 items-center rounded-full bg-brand-600 px-6 text-sm font-semibold text-white hover:bg-brand-700"
            >
              Sign in
            </Link>
          </div>
        )}
        {loaderData.state === 'error' && (
          <p role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-900">
            {MESSAGES.loyaltyLoadFailed}
          </p>
        )}
        {loaderData.state === 'ok' && <LoyaltyPanel info={loaderData.info} />}
      </div>
      <p className="mt-6 text-center text-sm text-muted" data-testid="redemption-rate">
        {MESSAGES.redeemPointsRate(loaderData.redemptionRate)}
      </p>
    </main>
  );
}

const AVAILABLE_TEXTS = { label: MESSAGES.availablePoints, hint: MESSAGES.availablePointsHint };
const LIFETIME_TEXTS = { label: MESSAGES.lifetimePoints, hint: MESSAGES.lifetimePointsHint };

const FIGURE_TONES = {
  brand: {
    box: 'bg-gradient-to-br from-brand-600 to-brand-800 text-white shadow-md',
    label: 'text-white/85',
    hint: 'text-white/80',
  },
  plain: { box: 'border border-line bg-white shadow-sm', label: 'text-muted', hint: 'text-muted' },
};

/** One of the two point totals: a labelled figure with its hint. */
function PointsFigure(props: {
  id: string;
  icon: typeof Star;
  label: string;
  value: number;
  hint: string;
  note?: string | null;
  tone: keyof typeof FIGURE_TONES;
}) {
  const tone = FIGURE_TONES[props.tone];
  const Icon = props.icon;
  return (
    <section className={`rounded-3xl p-6 ${tone.box}`} aria-labelledby={props.id}>
      <h2 id={props.id} className={`flex items-center gap-2 text-sm font-medium ${tone.label}`}>
        <Icon className="size-4" aria-hidden /> {props.label}
      </h2>
      <p className="mt-2 text-4xl font-bold tabular-nums" data-testid={props.id}>
        {formatCount(props.value)}
      </p>
      <p className={`mt-1 text-sm ${tone.hint}`}>{props.hint}</p>
      {props.note ? <p className={`mt-1 text-sm ${tone.hint}`} data-testid={`${props.id}-note`}>{props.note}</p> : null}
    </section>
  );
}

function LoyaltyPanel({ info }: { info: LoyaltyInfo }) {
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <PointsFigure
          id="available-points"
          icon={Star}
          tone="brand"
          value={info.available}
          note={info.held > 0 ? MESSAGES.pointsHeldNote(info.held) : null}
          {...AVAILABLE_TEXTS}
        />
        <PointsFigure id="lifetime-points" icon={TrendingUp} tone="plain" value={info.lifetime} {...LIFETIME_TEXTS} />
      </div>
      <p className="rounded-2xl bg-brand-50 px-5 py-4 text-center font-semibold text-brand-900">
        {MESSAGES.earnPointsRate}
      </p>
      <section className="rounded-3xl border border-line bg-white p-6 shadow-sm" aria-labelledby="recent-activity">
        <h2 id="recent-activity" className="text-lg font-semibold">
          {MESSAGES.recentActivity}
        </h2>
        {info.recent.length === 0 ? (
          <p className="mt-4 text-sm text-muted">
            No activity yet. Your points will appear here after your first order.
          </p>
        ) : (
          <ul
            className="mt-4 max-h-96 divide-y divide-line overflow-y-auto pr-1"
            tabIndex={0}
            aria-label={MESSAGES.recentActivity}
          >
            {info.recent.map((entry) => (
              <li key={entry.id} className="flex items-center justify-between gap-4 py-3">
                <div className="min-w-0">
                  <p className="font-medium break-words">{entry.description}</p>
                  <p className="text-xs text-muted">{formatDate(entry.createdAt)}</p>
                </div>
                <div className="flex shrink-0 items-center gap-3">
                  <span
                    className={`font-semibold tabular-nums ${entry.points < 0 ? 'text-red-700' : 'text-green-700'}`}
                  >
                    {formatSignedPoints(entry.points)}
                  </span>
                  <Badge variant={badgeVariant(entry.type)}>{entry.type}</Badge>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <p className="text-center text-sm">
        <Link to="/account" className="font-medium text-brand-700 hover:underline">
          View your order history
        </Link>
      </p>
    </div>
  );
}
