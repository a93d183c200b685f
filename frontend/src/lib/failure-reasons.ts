// Why a connection through the gateway failed, in the customer's words: each reason the gateway
// records on a failed connection (outcome `refused` or `upstream_error`; docs/api.md, "Usage
// records") with a short label and what to do about it, grouped in the topics of the user
// guide's "Failed connections" section, whose anchors the Health tab links to. The guide and the
// tab read this one list, so a hint and its section cannot drift apart.

export const USER_GUIDE_PATH = '/user&guide';
export const FAILED_CONNECTIONS_ANCHOR = 'failed-connections';

export type FailureTopic = { anchor: string; title: string; guide: string };

export const FAILURE_TOPICS = {
  traffic: {
    anchor: 'failed-no-traffic',
    title: 'Out of traffic',
    guide:
      'The gateway refuses new connections once your traffic is used up or has expired, and cuts live ones. Buy a plan or top up your traffic on the Plans tab; a sub-user with a traffic cap of its own stops at that cap even while your balance has traffic left: raise or remove the cap under Settings → Access → Sub-users.',
  },
  destination: {
    anchor: 'failed-destination',
    title: 'The site refused, timed out or does not exist',
    guide:
      'The proxy worked, but the destination did not answer: it refused the connection, took longer than the gateway waits, closed without a reply, or its name does not resolve. The site may be down or blocking proxies. Check the address and port, try again later, or use another location or a sticky session. These connections are charged for what they moved, usually nothing.',
  },
  blocked: {
    anchor: 'failed-blocked',
    title: 'Blocked destinations',
    guide:
      "Some destinations are refused before any connection is made: those on the shop's blocklist (see the acceptable use policy), those on your own blocklist under Settings → Access → Blocked destinations, private and local addresses, and mail ports such as 25. Remove the entry from your own list if you added it by mistake; the shop's list cannot be lifted for one account.",
  },
  limits: {
    anchor: 'failed-limits',
    title: 'Too many connections at once',
    guide:
      "Your plan, a sub-user or the gateway limits how many connections may be open at once and how many may start each second. Open fewer connections in parallel, reuse them (keep-alive), or choose a plan with higher limits; the plan card shows your plan's limits.",
  },
  ours: {
    anchor: 'failed-our-side',
    title: 'Failed on our side',
    guide:
      'The gateway was busy, or no upstream pool could carry the connection. Nothing reached you and you were not charged (except, for a request whose body had already been sent, that body). Try again in a moment; if it lasts, contact support.',
  },
  account: {
    anchor: 'failed-account',
    title: 'Account or sub-user switched off',
    guide: 'The account, or the sub-user whose name you used, is switched off. Switch the sub-user back on under Settings → Access → Sub-users, or contact support about the account.',
  },
  client: {
    anchor: 'failed-client',
    title: "Your client asked for something the proxy doesn't do",
    guide: 'The SOCKS5 proxy serves CONNECT to a host name, an IPv4 or an IPv6 address. Set your client to plain SOCKS5 CONNECT (not BIND or UDP).',
  },
  password: {
    anchor: 'failed-password',
    title: 'Wrong user name or password',
    guide:
      'A wrong user name or password never reaches your usage: the gateway cannot tell whose account it was meant for. If your client reports "407 Proxy Authentication Required" or a SOCKS5 authentication failure, check the line you copied: the user name carries your targeting options, and the password is the one on the Generate tab (or the sub-user\'s).',
  },
} satisfies Record<string, FailureTopic>;

export type TopicId = keyof typeof FAILURE_TOPICS;

type FailureReason = { label: string; hint: string; topic: TopicId };

const REASONS: Readonly<Record<string, FailureReason>> = {
  no_traffic: { label: 'No traffic left', hint: 'Your traffic ran out: top up to continue.', topic: 'traffic' },
  subuser_cap_spent: { label: "Sub-user's cap reached", hint: 'The sub-user used its own traffic cap: raise it under Settings → Access.', topic: 'traffic' },
  expired: { label: 'Expired', hint: 'The traffic or proxy has expired: top up or renew.', topic: 'traffic' },
  connect_failed: { label: 'Destination refused', hint: 'The site is down or blocking: check the address, or try again later.', topic: 'destination' },
  timeout: { label: 'Destination timed out', hint: 'The site did not answer in time: it may be down, slow or blocking.', topic: 'destination' },
  resolve_failed: { label: 'Host not found', hint: 'The host name does not resolve: check it for typos.', topic: 'destination' },
  no_response: { label: 'No response', hint: 'The site closed the connection without answering.', topic: 'destination' },
  blocked_by_shop: { label: 'Blocked by policy', hint: "The destination is on the shop's blocklist (acceptable use policy).", topic: 'blocked' },
  blocked_by_customer: { label: 'Blocked by your blocklist', hint: 'The destination is on your own blocklist under Settings → Access.', topic: 'blocked' },
  destination_not_allowed: { label: 'Destination not allowed', hint: 'Private and local addresses and mail ports cannot be reached.', topic: 'blocked' },
  too_many_connections: { label: 'Too many connections', hint: 'Too many connections were open at once: open fewer in parallel.', topic: 'limits' },
  plan_max_connections: { label: "Plan's connection limit", hint: "Your plan's connection limit was reached: open fewer at once.", topic: 'limits' },
  plan_max_requests_per_second: { label: "Plan's request rate limit", hint: "Your plan's requests per second were reached: slow down.", topic: 'limits' },
  gateway_busy: { label: 'Gateway busy', hint: 'Failed on our side: you were not charged. Try again in a moment.', topic: 'ours' },
  no_pool_serves: { label: 'No pool for this location', hint: 'No provider serves this location right now: you were not charged.', topic: 'ours' },
  pools_failed: { label: 'Upstream failed', hint: 'Every provider we tried failed: you were not charged.', topic: 'ours' },
  pool_failed_after_upload: { label: 'Upstream failed after upload', hint: 'The provider failed after your request body went up: only that body was charged.', topic: 'ours' },
  disabled: { label: 'Switched off', hint: 'The account or sub-user is switched off.', topic: 'account' },
  address_type_not_supported: { label: 'Address type not supported', hint: 'Your SOCKS5 client sent an address type the proxy does not serve.', topic: 'client' },
  command_not_supported: { label: 'Command not supported', hint: 'Your SOCKS5 client asked for BIND or UDP: only CONNECT is served.', topic: 'client' },
};

/** A failure recorded without a reason counts under its outcome's name. */
const OUTCOMES: Readonly<Record<string, FailureReason>> = {
  refused: { label: 'Refused', hint: 'The gateway refused the connection.', topic: 'blocked' },
  upstream_error: { label: 'Upstream error', hint: 'The connection failed past the gateway.', topic: 'destination' },
};

/** A reason's label, hint and guide section; a reason this list does not know reads as its code spaced out. */
export function failureReason(reason: string): { label: string; hint: string; topic: FailureTopic } {
  const known = Object.hasOwn(REASONS, reason) ? REASONS[reason] : Object.hasOwn(OUTCOMES, reason) ? OUTCOMES[reason] : undefined;
  if (!known) return { label: reason.replaceAll('_', ' '), hint: 'See the user guide for what to check.', topic: { anchor: FAILED_CONNECTIONS_ANCHOR, title: 'Failed connections', guide: '' } };
  return { label: known.label, hint: known.hint, topic: FAILURE_TOPICS[known.topic] };
}

/** The reasons each topic covers, by label, for the guide. */
export function topicLabels(topic: TopicId): string[] {
  return Object.values(REASONS)
    .filter((reason) => reason.topic === topic)
    .map((reason) => reason.label);
}

/** The guide's address for a topic. */
export const guideLink = (anchor: string) => `${USER_GUIDE_PATH}#${anchor}`;
