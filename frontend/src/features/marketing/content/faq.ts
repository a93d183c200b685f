// Frequently asked questions shown on the landing page (#faq) and on /faqs. The free-trial answer
// follows the server's trial (see ../trial.ts); without a trial the question is left out.
import { TRIAL_HOURS, type Trial } from '@/lib/trial';
import { ROTATION_COPY } from '@/lib/rotation';

export type FaqItem = { question: string; answer: string };

export const TRIAL_QUESTION = 'Is there a free trial?';

export const FAQ_ITEMS: FaqItem[] = [
  {
    question: 'What is a residential proxy?',
    answer:
      'A residential proxy routes your requests through an IP address that an internet provider assigned to a real household. Websites see an ordinary visitor instead of a data centre, so you are blocked far less often.',
  },
  { question: TRIAL_QUESTION, answer: '' },
  {
    question: 'How do I pay?',
    answer:
      'Top up your wallet with cryptocurrency (LTC, USDT, TRX or DOGE) from the dashboard. Your balance is then used to buy traffic plans or individual proxies; the minimum top-up is $0.10.',
  },
  {
    question: 'Which protocols are supported?',
    answer: 'Every plan supports HTTP, HTTPS and SOCKS5 on the same credentials. Pick the protocol when you generate a proxy.',
  },
  {
    question: 'Can I target a specific country, state or city?',
    answer:
      'Yes. Residential proxies can be targeted by country, state and city in 200+ locations. Static, mobile and datacenter proxies are bought for a specific country.',
  },
  {
    question: 'What is the difference between rotating and sticky sessions?',
    answer:
      `${ROTATION_COPY.premium} ${ROTATION_COPY.budget} ${ROTATION_COPY.sticky}`,
  },
  {
    question: 'Does my traffic expire?',
    answer:
      'Residential traffic stays available for the validity of the plan you bought. Static, mobile and datacenter proxies run for the period shown on the plan.',
  },
  {
    question: 'How do I get help?',
    answer:
      'Open the live chat from the Contact Us link, write to support, or read the Use Guide & Details for step-by-step set-up instructions.',
  },
];

function trialAnswer(trial: Trial): string {
  return `Yes. Every new account gets ${trial.amount} of Premium Residential traffic, valid for ${TRIAL_HOURS} hours, as soon as its email is verified (one trial per person). Generate a proxy on the Premium page and test the network before you buy; if you need more for a larger evaluation, contact support.`;
}

/** The questions with the trial answer filled in, or without the trial question when there is none. */
export function faqItems(trial: Trial): FaqItem[] {
  return FAQ_ITEMS.flatMap((item) => {
    if (item.question !== TRIAL_QUESTION) return [item];
    return trial.offered ? [{ ...item, answer: trialAnswer(trial) }] : [];
  });
}
