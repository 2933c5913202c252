/** Set by the HTTP shell from the socket address on every request (any client value is overwritten). */
export const CLIENT_IP_HEADER = 'x-wyf-client-ip';
