/**
 * English: the request layer's messages (the original's error catalogue). Keys are the original's English
 * sentences; the 404 message is followed directly by the URL, hence the trailing space.
 */
export default {
  'Interface redirected!': 'Interface redirected!',
  'Incorrect parameter!': 'Incorrect parameter!',
  'You do not have permission to operate!': 'You do not have permission to operate!',
  'Error requesting address:': 'Error requesting address: ',
  'Request timed out!': 'Request timed out!',
  'The same data already exists in the system!': 'The same data already exists in the system!',
  'Server internal error!': 'Server internal error!',
  'Service not implemented!': 'Service not implemented!',
  'Gateway error!': 'Gateway error!',
  'Service unavailable!': 'Service unavailable!',
  'The service is temporarily unavailable Please try again later!':
    'The service is temporarily unavailable Please try again later!',
  'HTTP version is not supported!': 'HTTP version is not supported!',
  'Abnormal problem, please contact the website administrator!':
    'Abnormal problem, please contact the website administrator!',
  'Network request timeout!': 'Network request timeout!',
  'You are disconnected!': 'You are disconnected!',
  'Server exception!': 'Server exception!',
  'Automatic cancellation due to duplicate requests': 'Automatic cancellation due to duplicate requests',
  'Operation successful': 'Operation successful',
} satisfies Record<string, string>;
