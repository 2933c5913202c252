// A hero and six static cards: what a catalogue home page costs React Router with nothing else.
const CARDS = [
  { title: 'Grace Tee', price: '$24.00', text: 'Soft cotton tee with a small cross on the chest.' },
  { title: 'Hope Hoodie', price: '$48.00', text: 'Warm fleece hoodie, printed on the back.' },
  { title: 'Faith Cap', price: '$20.00', text: 'Six-panel cap with an embroidered front.' },
  { title: 'Light Tote', price: '$18.00', text: 'Canvas tote bag for books and groceries.' },
  { title: 'Peace Mug', price: '$14.00', text: 'Ceramic mug, dishwasher safe.' },
  { title: 'Joy Socks', price: '$12.00', text: 'Two pairs of crew socks in a gift box.' },
];

export function meta() {
  return [{ title: 'Yardstick' }, { name: 'description', content: 'A bare React Router page.' }];
}

export default function Home() {
  return (
    <main style={{ maxWidth: 1100, margin: '0 auto', padding: 16 }}>
      <section style={{ padding: '48px 16px', background: '#f4f1ea', borderRadius: 12 }}>
        <h1 style={{ fontSize: 40, margin: 0 }}>Wear what you believe</h1>
        <p>Apparel made by students, printed with care.</p>
        <a href="/" style={{ display: 'inline-block', padding: '10px 18px', background: '#222', color: '#fff' }}>
          Shop now
        </a>
      </section>
      <ul
        style={{
          listStyle: 'none',
          padding: 0,
          display: 'grid',
          gap: 16,
          gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
        }}
      >
        {CARDS.map((card) => (
          <li key={card.title} style={{ border: '1px solid #ddd', borderRadius: 8, padding: 16 }}>
            <h2 style={{ fontSize: 20, margin: '0 0 8px' }}>{card.title}</h2>
            <p style={{ margin: '0 0 8px' }}>{card.text}</p>
            <strong>{card.price}</strong>
          </li>
        ))}
      </ul>
    </main>
  );
}
