import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CompareSlider } from './compare-slider.tsx';

const labels = { beforeLabel: 'Before', afterLabel: 'After', sliderLabel: 'Compare' };

describe('CompareSlider', () => {
  it('is a labelled native range input that moves the reveal', () => {
    render(<CompareSlider before="/b.png" after="/a.png" {...labels} />);
    const slider = screen.getByRole('slider', { name: 'Compare' });
    expect(slider).toHaveValue('50');
    fireEvent.change(slider, { target: { value: '100' } });
    expect(slider).toHaveValue('100');
    expect(screen.getByRole('img', { name: 'After' }).style.clipPath).toBe('inset(0 0 0 100%)');
    expect(screen.getByRole('img', { name: 'Before' })).toHaveAttribute('src', '/b.png');
    expect(screen.getByRole('img', { name: 'After' })).toHaveAttribute('src', '/a.png');
  });

  it('uses the given size, or the loaded image ratio when none is given', () => {
    const { container, rerender } = render(
      <CompareSlider before="/b.png" after="/a.png" width={800} height={400} {...labels} />,
    );
    const figure = container.querySelector('figure')!;
    expect(figure.style.aspectRatio).toBe('2');
    expect(screen.getByRole('img', { name: 'After' })).toHaveAttribute('width', '800');

    rerender(<CompareSlider before="/b.png" after="/a.png" {...labels} />);
    const after = screen.getByRole('img', { name: 'After' });
    Object.defineProperty(after, 'naturalWidth', { value: 300 });
    Object.defineProperty(after, 'naturalHeight', { value: 600 });
    fireEvent.load(after);
    expect(figure.style.aspectRatio).toBe('0.5');
  });
});
