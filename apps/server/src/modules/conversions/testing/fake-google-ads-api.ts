/**
 * A local Google Ads API that speaks the part of Google's protocol the click-conversion upload uses:
 *
 * - `POST /token`, Google's OAuth 2.0 token endpoint (form-encoded `grant_type=refresh_token`,
 *   `client_id`, `client_secret`, `refresh_token`): `{access_token, expires_in, scope, token_type}`, or
 *   400 `{error: "invalid_grant"}` for a revoked refresh token and 401 `{error: "invalid_client"}`.
 * - `POST /{version}/customers/{customerId}:uploadClickConversions` (bearer access token, headers
 *   `developer-token` and, for a manager account, `login-customer-id`): each of `conversions[]` names
 *   its `conversionAction` (`customers/{id}/conversionActions/{id}`), `conversionDateTime`
 *   (`yyyy-mm-dd hh:mm:ss+|-hh:mm`) and a `gclid` or `userIdentifiers` (hashed e-mail / phone). With
 *   `partialFailure: true` the valid rows are kept and the others come back in `partialFailureError`
 *   (a google.rpc.Status whose `details[]` hold a GoogleAdsFailure: `errors[].errorCode`, `message`,
 *   `location.fieldPathElements` with the row's `index`), `results[]` being `{}` for a failed row.
 *   Errors outside the rows are RPC errors: 401 UNAUTHENTICATED (a bad or expired access token, a bad
 *   developer token, an unknown customer: CUSTOMER_NOT_FOUND), 403 PERMISSION_DENIED (a manager account
 *   the login does not reach the customer through), 429 RESOURCE_EXHAUSTED (queued by tests with
 *   `enqueue('upload', googleRpcError(429, …))`).
 * - `POST /{version}/customers/{customerId}/googleAds:search` (same headers and errors): a GAQL `query`
 *   of the customer's conversion actions (`SELECT conversion_action.… FROM conversion_action WHERE
 *   conversion_action.id IN (…)`), answered as `{results: [{conversionAction: {resourceName, id, name,
 *   status}}], fieldMask}` with the selected fields only; another query is a 400 QUERY_ERROR.
 */
import { randomBytes } from 'node:crypto';
import {
  fakeReply,
  startFakeServer,
  type FakeBehaviour,
  type FakeServer,
} from '../../integrations/adapters/testing/fake-server.ts';

export interface FakeGoogleAdsApi extends FakeServer {
  /** `${url}/v21`: what GOOGLE_ADS_API_URL is set to. */
  readonly apiUrl: string;
  /** `${url}/token`: what GOOGLE_OAUTH_TOKEN_URL is set to. */
  readonly tokenUrl: string;
  /** Every conversion accepted, with the customer it was uploaded to. */
  readonly conversions: { customerId: string; conversion: Record<string, unknown> }[];
  /** Access tokens issued so far. */
  readonly issued: string[];
  /** Makes every access token issued so far invalid (as if they had expired). */
  expireAccessTokens(): void;
  /** Revokes the refresh token (the token endpoint answers invalid_grant). */
  revokeRefreshToken(): void;
}

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};
const VERSION = 'v21';
const FAILURE_TYPE = `type.googleapis.com/google.ads.googleads.${VERSION}.errors.GoogleAdsFailure`;
const requestId = () => randomBytes(11).toString('base64url');

/** An RPC-level error as the REST interface answers it. */
export function googleRpcBody(status: number, errorCode: Record<string, string>, message: string) {
  return {
    error: {
      code: status,
      message:
        status === 401
          ? 'Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential.'
          : status === 429
            ? 'Resource has been exhausted (e.g. check quota).'
            : 'The caller does not have permission',
      status: STATUS_NAMES[status] ?? 'UNKNOWN',
      details: [{ '@type': FAILURE_TYPE, errors: [{ errorCode, message }], requestId: requestId() }],
    },
  };
}
export const googleRpcError = (
  status: number,
  errorCode: Record<string, string>,
  message: string,
  headers?: Record<string, string>,
): FakeBehaviour => fakeReply(status, googleRpcBody(status, errorCode, message), headers);

const DATE_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d[+-]\d\d:\d\d$/;
const HEX64 = /^[0-9a-f]{64}$/;

export async function startFakeGoogleAdsApi(options: {
  customerId: string;
  /** The manager account the login reaches the customer through (checked when set). */
  loginCustomerId?: string;
  developerToken: string;
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  /** Conversion action ids of the customer (others: INVALID_CONVERSION_ACTION). */
  conversionActions: string[];
  /** Names and statuses the search answers (default: "Ação {id}", ENABLED). */
  actionDetails?: Record<string, { name?: string; status?: 'ENABLED' | 'REMOVED' | 'HIDDEN' }>;
}): Promise<FakeGoogleAdsApi> {
  const conversions: FakeGoogleAdsApi['conversions'] = [];
  const issued: string[] = [];
  const valid = new Set<string>();
  const seen = new Set<string>();
  let refreshRevoked = false;

  const rowError = (index: number, field: string, errorCode: Record<string, string>, message: string) => ({
    errorCode,
    message,
    location: { fieldPathElements: [{ fieldName: 'conversions', index }, { fieldName: field }] },
  });

  /** The conversion-action query the connection test sends; the fields it selects, in Google's names. */
  const FIELDS: Record<string, string> = { id: 'id', name: 'name', status: 'status', type: 'type' };
  const search = (raw: string, customerId: string) => {
    let query = '';
    try {
      query = String((JSON.parse(raw) as { query?: unknown }).query ?? '');
    } catch {
      /* answered below */
    }
    const parsed =
      /^SELECT\s+(.+?)\s+FROM\s+conversion_action(?:\s+WHERE\s+conversion_action\.id\s+IN\s+\(([\d,\s]*)\))?\s*$/i.exec(
        query.trim(),
      );
    const selected = parsed?.[1]!.split(',').map((f) => /^conversion_action\.(\w+)$/.exec(f.trim())?.[1]);
    if (!parsed || !selected!.every((f) => f && FIELDS[f]))
      return {
        status: 400,
        body: googleRpcBody(400, { queryError: 'UNRECOGNIZED_FIELD' }, `Cannot parse the query: ${query}`),
      };
    const ids =
      parsed[2] === undefined ? options.conversionActions : parsed[2].split(',').map((x) => x.trim());
    const results = options.conversionActions
      .filter((id) => ids.includes(id))
      .map((id) => {
        const all: Record<string, string> = {
          id,
          name: options.actionDetails?.[id]?.name ?? `Ação ${id}`,
          status: options.actionDetails?.[id]?.status ?? 'ENABLED',
          type: 'UPLOAD_CLICKS',
        };
        return {
          conversionAction: {
            resourceName: `customers/${customerId}/conversionActions/${id}`,
            ...Object.fromEntries(selected!.map((f) => [FIELDS[f!]!, all[f!]])),
          },
        };
      });
    return {
      status: 200,
      body: {
        // proto3 JSON: an empty list is left out.
        ...(results.length ? { results } : {}),
        fieldMask: selected!.map((f) => `conversionAction.${FIELDS[f!]}`).join(','),
        queryResourceConsumption: '1',
      },
    };
  };

  const server = await startFakeServer({
    route: (req) =>
      req.method === 'POST' && req.path === '/token'
        ? 'token'
        : req.method === 'POST' && /^\/v\d+\/customers\/\d+:uploadClickConversions$/.test(req.path)
          ? 'upload'
          : req.method === 'POST' && /^\/v\d+\/customers\/\d+\/googleAds:search$/.test(req.path)
            ? 'search'
            : undefined,
    handle: (req) => {
      if (req.route === 'token') {
        const form = new URLSearchParams(req.body);
        if (form.get('grant_type') !== 'refresh_token')
          return { status: 400, body: { error: 'unsupported_grant_type' } };
        if (form.get('client_id') !== options.clientId || form.get('client_secret') !== options.clientSecret)
          return {
            status: 401,
            body: { error: 'invalid_client', error_description: 'The OAuth client was not found.' },
          };
        if (refreshRevoked || form.get('refresh_token') !== options.refreshToken)
          return {
            status: 400,
            body: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' },
          };
        const token = `ya29.${randomBytes(24).toString('base64url')}`;
        issued.push(token);
        valid.add(token);
        return {
          status: 200,
          body: {
            access_token: token,
            expires_in: 3599,
            scope: 'https://www.googleapis.com/auth/adwords',
            token_type: 'Bearer',
          },
        };
      }

      const customerId = /customers\/(\d+)[:/]/.exec(req.path)![1]!;
      const bearer = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1];
      if (!bearer || !valid.has(bearer))
        return {
          status: 401,
          body: googleRpcBody(
            401,
            { authenticationError: 'OAUTH_TOKEN_INVALID' },
            'OAuth token in the header is not valid.',
          ),
        };
      if (req.headers['developer-token'] !== options.developerToken)
        return {
          status: 401,
          body: googleRpcBody(
            401,
            { authenticationError: 'DEVELOPER_TOKEN_INVALID' },
            'The developer token is not valid.',
          ),
        };
      if (customerId !== options.customerId)
        return {
          status: 401,
          body: googleRpcBody(
            401,
            { authenticationError: 'CUSTOMER_NOT_FOUND' },
            'No customer found for the provided customer id.',
          ),
        };
      const login = req.headers['login-customer-id'];
      if (options.loginCustomerId !== undefined && login !== options.loginCustomerId)
        return {
          status: 403,
          body: googleRpcBody(
            403,
            { authorizationError: 'USER_PERMISSION_DENIED' },
            "User doesn't have permission to access customer. Note: If you're accessing a client customer, the manager's customer id must be set in the 'login-customer-id' header.",
          ),
        };
      if (req.route === 'search') return search(req.body, customerId);
      let body: { conversions?: Record<string, unknown>[]; partialFailure?: boolean };
      try {
        body = JSON.parse(req.body) as typeof body;
      } catch {
        return { status: 400, body: { error: { code: 400, message: 'Invalid JSON payload received.' } } };
      }
      if (body.partialFailure !== true)
        return {
          status: 400,
          body: googleRpcBody(
            400,
            { requestError: 'INVALID_INPUT' },
            'partial_failure must be true for conversion uploads.',
          ),
        };
      const rows = Array.isArray(body.conversions) ? body.conversions : [];
      if (!rows.length || rows.length > 2000)
        return {
          status: 400,
          body: googleRpcBody(400, { requestError: 'REQUIRED_FIELD_MISSING' }, 'conversions is required.'),
        };
      const errors: ReturnType<typeof rowError>[] = [];
      const results = rows.map((c, index) => {
        const action = /^customers\/(\d+)\/conversionActions\/(\d+)$/.exec(String(c.conversionAction ?? ''));
        const ids = (c.userIdentifiers ?? []) as Record<string, unknown>[];
        let error: ReturnType<typeof rowError> | null = null;
        if (!action || action[1] !== customerId || !options.conversionActions.includes(action[2]!))
          error = rowError(
            index,
            'conversion_action',
            { conversionUploadError: 'INVALID_CONVERSION_ACTION' },
            'The conversion action specified in the upload request cannot be found.',
          );
        else if (!DATE_TIME.test(String(c.conversionDateTime ?? '')))
          error = rowError(
            index,
            'conversion_date_time',
            { dateError: 'INVALID_STRING_DATE_TIME_SECONDS_WITH_OFFSET' },
            'The string date time is not in the right format.',
          );
        else if (c.gclid !== undefined && !/^[A-Za-z0-9_-]{10,}$/.test(String(c.gclid)))
          error = rowError(
            index,
            'gclid',
            { conversionUploadError: 'UNPARSEABLE_GCLID' },
            'The click ID could not be decoded.',
          );
        else if (
          c.gclid === undefined &&
          (!ids.length ||
            !ids.every((u) =>
              [u.hashedEmail, u.hashedPhoneNumber].some((v) => typeof v === 'string' && HEX64.test(v)),
            ))
        )
          error = rowError(
            index,
            'user_identifiers',
            { conversionUploadError: 'INVALID_USER_IDENTIFIER' },
            'A click conversion needs a gclid or hashed user identifiers.',
          );
        else {
          const key = `${String(c.gclid ?? JSON.stringify(ids))}|${c.conversionAction}|${c.conversionDateTime}`;
          if (seen.has(key))
            error = rowError(
              index,
              'gclid',
              { conversionUploadError: 'CLICK_CONVERSION_ALREADY_EXISTS' },
              'A conversion with the same click, action and time was already uploaded.',
            );
          else seen.add(key);
        }
        if (error) {
          errors.push(error);
          return {};
        }
        conversions.push({ customerId, conversion: c });
        return {
          ...(c.gclid !== undefined ? { gclid: c.gclid } : {}),
          conversionAction: c.conversionAction,
          conversionDateTime: c.conversionDateTime,
          ...(ids.length ? { userIdentifiers: ids } : {}),
        };
      });
      return {
        status: 200,
        body: {
          ...(errors.length
            ? {
                partialFailureError: {
                  code: 3,
                  message: errors
                    .map((e) => `${e.message}, at conversions[${e.location.fieldPathElements[0]!.index}]`)
                    .join(', '),
                  details: [{ '@type': FAILURE_TYPE, errors, requestId: requestId() }],
                },
              }
            : {}),
          results,
          jobId: String(Date.now()),
        },
      };
    },
  });
  const resetServer = server.reset.bind(server);
  return Object.assign(server, {
    apiUrl: `${server.url}/${VERSION}`,
    tokenUrl: `${server.url}/token`,
    conversions,
    issued,
    expireAccessTokens: () => valid.clear(),
    revokeRefreshToken: () => void (refreshRevoked = true),
    reset() {
      resetServer();
      conversions.length = 0;
      issued.length = 0;
      valid.clear();
      seen.clear();
      refreshRevoked = false;
    },
  });
}
