import { data } from 'react-router';
import { NotFound } from '~/components/shop/not-found';

export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: 'Page not found | Wear Your Faith' }, { name: 'robots', content: 'noindex' }];
}

export default function NotFoundRoute() {
  return <NotFound />;
}
