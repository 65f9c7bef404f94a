/** English: the API reference page. */
import type { Pack } from '@portico/web-sdk/module';

const apiReference = {
  intro:
    'Every route of this site, generated from the schemas it checks its input with. Each JSON answer is the envelope {code, msg, time, data}: code 1 is success with data; code 0 is a refusal whose msg says why, and nothing was changed.',
  authentication:
    'Back-office routes take the administrator token in the batoken header; member routes take the member token in the ba-user-token header. msg follows the think-lang header (zh-cn or en). Forms may be JSON or bracket notation (ids[]=1&ids[]=2).',
  'code 1': 'success',
  'code 0': 'refused: msg says why',
  'code 302': 'go to the page in data.routePath',
  'code 303': 'not signed in (or already signed in)',
  'code 401': 'no permission for this route',
  'code 409': 'token expired: refresh it, then retry',
  'code 301': 'the module market needs its own sign-in',
  'code 408': "the module market's token expired",
  'Download the OpenAPI document': 'Download the OpenAPI 3.1 document',
  'Search by path, summary or permission': 'Search by path, summary or permission',
  All: 'All',
  'Back office': 'Back office',
  'Members and public': 'Members and public',
  'No route matches': 'No route matches',
  Public: 'Public',
  'Signed in': 'Signed in',
  'Needs the permission': 'Needs the permission {permission}.',
  'A super administrator with a ticket':
    'Super administrators only, proved by a single-use ticket in the query (POST /admin/Terminal/ticket): an EventSource sends no headers.',
  'Any signed-in account': 'Any signed-in account may call it.',
  'No token needed': 'Public: no token needed.',
  'Refused while the member centre is off': 'Refused while the member centre is switched off.',
  'Counts toward the sign-in attempt budget': 'Counts toward the per-address budget of sign-in attempts.',
  Answers: 'Answers {type} (a refusal is the envelope).',
  Parameters: 'Parameters',
  'Request body': 'Request body (JSON or form)',
  'Answer data': 'data of a success',
  Name: 'Name',
  In: 'In',
  Type: 'Type',
  Required: 'Required',
  Description: 'Description',
  Yes: 'Yes',
};

export default { 'routine.apiReference': apiReference } satisfies Pack;
