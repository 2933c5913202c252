import { Link } from 'react-router';
import * as MESSAGES from '@domain/messages';

/** SPEC §2 New Arrivals 'Join Our Community': the spec's button has no action; ours leads to sign-up. */
export function CommunityCallToAction() {
  return (
    <section className="bg-brand-50">
      <div className="mx-auto flex max-w-3xl flex-col items-center px-4 py-16 text-center sm:px-6">
        <h2 className="text-2xl font-semibold tracking-tight sm:text-3xl">{MESSAGES.joinOurCommunity}</h2>
        <p className="mt-3 text-muted">{MESSAGES.communityInvite}</p>
        <Link
          to="/auth"
          className="mt-8 inline-flex h-11 items-center rounded-full bg-brand-600 px-6 text-sm font-semibold text-white transition hover:bg-brand-700"
        >
          {MESSAGES.joinOurCommunity}
        </Link>
      </div>
    </section>
  );
}
