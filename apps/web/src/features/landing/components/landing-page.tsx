import { ClosingCta } from './closing-cta.tsx';
import { Hero } from './hero.tsx';
import {
  Benefits,
  Comparison,
  Faq,
  Features,
  HowItWorks,
  Testimonials,
  UseCases,
} from './sections.tsx';
import { Showcase } from './showcase.tsx';

export function LandingPage() {
  return (
    <>
      <Hero />
      <Showcase />
      <Features />
      <HowItWorks />
      <Testimonials />
      <UseCases />
      <Benefits />
      <Comparison />
      <Faq />
      <ClosingCta />
    </>
  );
}
