import type { WebClientOptions } from '@slack/web-api';
import type { SlackAppConfig } from '../../config';

/**
 * The Slack app client (`@slack/web-api`): OAuth v2 code exchange at install, then `chat.postMessage` and
 * `chat.getPermalink` with the workspace's bot token when a SLACK external is created. `slackApiUrl` comes from
 * configuration (a fake in tests). No retries (the default policy retries for minutes; a create request must not
 * hang) and rate-limited calls fail at once; each call times out after `SLACK_TIMEOUT_MS`.
 */
export const SLACK_TIMEOUT_MS = 10_000;

/**
 * A failed Slack call. `platform`: Slack answered `ok: false` (`error` is Slack's code, e.g. `invalid_code`,
 * `channel_not_found`); otherwise it was unreachable, timed out or answered an HTTP error.
 */
export class SlackCallError extends Error {
  constructor(
    message: string,
    readonly platform: boolean,
    readonly error: string | null,
  ) {
    super(message);
    this.name = 'SlackCallError';
  }
}

/** What the OAuth v2 exchange gives us (`oauth.v2.access`). */
export interface SlackInstall {
  botToken: string;
  /** Slack's team (workspace) id. */
  teamId: string;
  /** Slack's team name, when Slack tells it (for the audit log). */
  teamName: string | null;
  /** The channel the installer chose (`incoming_webhook`), if the `incoming-webhook` scope was granted. */
  channelId: string | null;
  channelName: string | null;
}

export interface SlackApi {
  /** `oauth.v2.access` with the client id/secret, the code and the same `redirect_uri` as the authorize URL. */
  exchangeCode(code: string, redirectUri: string): Promise<SlackInstall>;
  /** `chat.postMessage` `{ channel, text }` then `chat.getPermalink` (permalink null if only that fails). */
  postMessage(
    botToken: string,
    channel: string,
    text: string,
  ): Promise<{ channel: string; ts: string; permalink: string | null }>;
}

/** `@slack/web-api`, loaded on the first Slack call instead of at start-up (docs/performance.md "Embedded database and speed"). */
const loadSlack = () => import('@slack/web-api');

async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
  const { WebAPIPlatformError } = await loadSlack();
  try {
    return await run();
  } catch (error) {
    if (error instanceof WebAPIPlatformError) {
      throw new SlackCallError(`${what}: ${error.data.error}`, true, error.data.error);
    }
    throw new SlackCallError(`${what}: ${(error as Error).message}`, false, null);
  }
}

/** The Slack client for `config`, or null when the Slack app is not configured (no client id/secret). */
export function createSlackApi(config: SlackAppConfig): SlackApi | null {
  const { clientId, clientSecret } = config;
  if (!clientId || !clientSecret) return null;
  /** A client with `token` (none for the OAuth exchange), made when a call needs one. */
  const client = async (token?: string) => {
    const { LogLevel, WebClient } = await loadSlack();
    const options: WebClientOptions = {
      slackApiUrl: config.apiUrl,
      timeout: SLACK_TIMEOUT_MS,
      retryConfig: { retries: 0 },
      rejectRateLimitedCalls: true,
      logLevel: LogLevel.ERROR,
    };
    return new WebClient(token, options);
  };

  return {
    exchangeCode: (code, redirectUri) =>
      call('oauth.v2.access', async () => {
        const result = await (
          await client()
        ).oauth.v2.access({
          client_id: clientId,
          client_secret: clientSecret,
          code,
          redirect_uri: redirectUri,
        });
        if (!result.access_token || !result.team?.id) {
          throw new SlackCallError(
            'oauth.v2.access: no bot token or team in the answer',
            true,
            'no_bot_token',
          );
        }
        return {
          botToken: result.access_token,
          teamId: result.team.id,
          teamName: result.team.name ?? null,
          channelId: result.incoming_webhook?.channel_id ?? null,
          channelName: result.incoming_webhook?.channel ?? null,
        };
      }),

    postMessage: (botToken, channel, text) =>
      call('chat.postMessage', async () => {
        const bot = await client(botToken);
        const posted = await bot.chat.postMessage({ channel, text, unfurl_links: false });
        const ts = posted.ts;
        const postedChannel = posted.channel ?? channel;
        if (!ts) throw new SlackCallError('chat.postMessage: no ts in the answer', true, 'no_ts');
        let permalink: string | null = null;
        try {
          permalink =
            (await bot.chat.getPermalink({ channel: postedChannel, message_ts: ts })).permalink ?? null;
        } catch {
          // The message is posted; a missing link is not a failure of the sync.
        }
        return { channel: postedChannel, ts, permalink };
      }),
  };
}
