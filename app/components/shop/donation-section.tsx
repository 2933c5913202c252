import { HeartHandshake } from '~/components/ui/icons';
import { memo, useId, useState } from 'react';
import { DONATION_CUSTOM_INPUT, DONATION_PRESETS, validateDonationAmount } from '@domain/donation-amount';
import * as MESSAGES from '@domain/messages';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { startDonation } from '~/lib/donations';
import { notify } from '~/lib/notify';

/**
 * SPEC §2 Support Our Mission, §4 Donation, §5, §8: presets, 'Other' toggling a custom amount,
 * the donate button disabled while the amount is empty or while processing. The hosted
 * payment page opens in a new tab (opened inside the click so popup blockers allow it).
 */
export const DonationSection = memo(function DonationSection() {
  const inputId = useId();
  const [preset, setPreset] = useState<number | null>(null);
  const [isCustom, setIsCustom] = useState(false);
  const [custom, setCustom] = useState('');
  const [isProcessing, setIsProcessing] = useState(false);

  const isEmpty = isCustom ? custom.trim() === '' : preset === null;

  async function donate() {
    const checked = isCustom ? validateDonationAmount(custom, 'custom') : validateDonationAmount(preset ?? 0, 'preset');
    if (!checked.ok) {
      notify({ title: checked.title, description: checked.message, variant: 'destructive', topic: 'donation' });
      return;
    }
    setIsProcessing(true);
    const tab = window.open('', '_blank');
    try {
      const { url } = await startDonation(checked.cents);
      if (tab) tab.location.href = url;
      else window.location.href = url;
    } catch (error) {
      tab?.close();
      const message = error instanceof Error && error.message ? error.message : MESSAGES.donationFailed;
      notify({ title: MESSAGES.donationErrorTitle, description: message, variant: 'destructive', topic: 'donation' });
    } finally {
      setIsProcessing(false);
    }
  }

  return (
    // Styled by the `support` class (app.css): this band is in every home page's HTML.
    <section aria-labelledby="support-heading" className="support">
      <div>
        <HeartHandshake />
        <h2 id="support-heading">{MESSAGES.supportOurMission}</h2>
        <p>
          Your gift helps us print Scripture on everyday clothing, support local ministries and give apparel to families
          in need. Every dollar goes further than you think.
        </p>
        {/* Not inside a form: the chips need no type. */}
        <div role="group" aria-label="Donation amount">
          {DONATION_PRESETS.map((amount) => (
            <button
              key={amount}
              disabled={isProcessing}
              aria-pressed={!isCustom && preset === amount}
              onClick={() => {
                setPreset(amount);
                setIsCustom(false);
              }}
              className="chip"
            >
              {`$${amount}`}
            </button>
          ))}
          <button
            disabled={isProcessing}
            aria-pressed={isCustom}
            aria-expanded={isCustom}
            aria-controls={isCustom ? inputId : undefined}
            onClick={() => setIsCustom((value) => !value)}
            className="chip"
          >
            {MESSAGES.donationOther}
          </button>
        </div>
        {/* Drawn only once asked for: the field and its label are not in every home page's HTML. */}
        {isCustom && (
          <div id={inputId} className="mx-auto mt-6 max-w-xs text-left">
            <label htmlFor={`${inputId}-amount`} className="text-sm font-medium text-white/90">
              Custom amount (USD)
            </label>
            <Input
              id={`${inputId}-amount`}
              type="number"
              inputMode="decimal"
              min={DONATION_CUSTOM_INPUT.min}
              step={DONATION_CUSTOM_INPUT.step}
              placeholder="Enter amount"
              value={custom}
              disabled={isProcessing}
              onChange={(event) => setCustom(event.target.value)}
              className="mt-2"
            />
          </div>
        )}
        <Button variant="brand" size="lg" disabled={isEmpty || isProcessing} onClick={donate}>
          {isProcessing ? MESSAGES.processing : 'Donate Now'}
        </Button>
      </div>
    </section>
  );
});
