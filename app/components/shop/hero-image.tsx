/** The hero photograph behind the home page and the collection heroes, sized per screen. */
export function HeroImage({ className }: { className: string }) {
  return (
    <img
      src="/images/hero-1280.webp"
      srcSet="/images/hero-768.webp 768w, /images/hero-1280.webp 1280w, /images/hero-1920.webp 1920w"
      sizes="100vw"
      alt=""
      width={1920}
      height={1080}
      fetchPriority="high"
      className={className}
    />
  );
}
