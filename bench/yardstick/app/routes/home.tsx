// The bench's yardstick page, as issue 15 measured it: what a catalogue home page costs a bare
// React Router 7 app styled with Tailwind (a header, a hero and six static cards, each with an
// inline SVG icon, a price and a button), with no database and no shop code.
const CARDS = [
  { title: 'Grace Tee', price: '$24.00', text: 'Soft cotton tee with a small cross on the chest.' },
  { title: 'Hope Hoodie', price: '$48.00', text: 'Warm fleece hoodie, printed on the back.' },
  { title: 'Faith Cap', price: '$20.00', text: 'Six-panel cap with an embroidered front.' },
  { title: 'Light Tote', price: '$18.00', text: 'Canvas tote bag for books and groceries.' },
  { title: 'Peace Mug', price: '$14.00', text: 'Ceramic mug, dishwasher safe.' },
  { title: 'Joy Socks', price: '$12.00', text: 'Two pairs of crew socks in a gift box.' },
];

const LINKS = ['New Arrivals', 'T-Shirts', 'Hoodies', 'Accessories'];

export function meta() {
  return [{ title: 'Yardstick' }, { name: 'description', content: 'A bare React Router page.' }];
}

function HeartIcon() {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className="size-5"
    >
      <path d="M19 14c1.49-1.46 3-3.21 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.76 0-3 .5-4.5 2-1.5-1.5-2.74-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4.05 3 5.5l7 7Z" />
    </svg>
  );
}

export default function Home() {
  return (
    <>
      <header className="sticky top-0 z-10 border-b border-gray-200 bg-white/90 backdrop-blur">
        <nav className="mx-auto flex max-w-6xl items-center justify-between px-4 py-3" aria-label="Main">
          <a href="/" className="text-lg font-bold tracking-tight">
            Yardstick
          </a>
          <ul className="hidden gap-6 text-sm font-medium text-gray-600 md:flex">
            {LINKS.map((link) => (
              <li key={link}>
                <a href="/" className="transition-colors hover:text-gray-900">
                  {link}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-8">
        <section className="rounded-2xl bg-gradient-to-br from-amber-50 to-rose-50 px-6 py-16 text-center sm:px-12">
          <h1 className="text-4xl font-extrabold tracking-tight text-gray-900 sm:text-5xl">Wear what you believe</h1>
          <p className="mx-auto mt-4 max-w-xl text-lg text-gray-600">Apparel made by students, printed with care.</p>
          <a
            href="/"
            className="mt-8 inline-flex items-center rounded-full bg-gray-900 px-6 py-3 text-sm font-semibold text-white shadow-sm transition hover:bg-gray-700 focus-visible:outline-2 focus-visible:outline-offset-2"
          >
            Shop now
          </a>
        </section>
        <h2 className="mt-12 mb-6 text-2xl font-bold tracking-tight">Featured</h2>
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {CARDS.map((card) => (
            <li
              key={card.title}
              className="group relative flex flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm transition hover:shadow-md"
            >
              <div className="flex aspect-square items-center justify-center bg-gray-100 text-gray-400">
                <span className="text-sm">{card.title}</span>
              </div>
              <div className="flex flex-1 flex-col gap-2 p-4">
                <div className="flex items-start justify-between gap-2">
                  <h3 className="text-base font-semibold text-gray-900">{card.title}</h3>
                  <button
                    type="button"
                    aria-label={`Save ${card.title}`}
                    className="rounded-full p-1.5 text-gray-500 transition hover:bg-gray-100 hover:text-rose-600"
                  >
                    <HeartIcon />
                  </button>
                </div>
                <p className="text-sm text-gray-600">{card.text}</p>
                <div className="mt-auto flex items-center justify-between pt-2">
                  <strong className="text-lg font-bold text-gray-900">{card.price}</strong>
                  <button
                    type="button"
                    className="rounded-lg bg-gray-900 px-4 py-2 text-sm font-medium text-white transition hover:bg-gray-700"
                  >
                    Add to cart
                  </button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      </main>
      <footer className="mt-16 border-t border-gray-200 py-8 text-center text-sm text-gray-500">
        © 2026 Yardstick. All rights reserved.
      </footer>
    </>
  );
}
