/**
 * The new-order chime: two soft notes made with the Web Audio API (no audio file to ship). A
 * browser starts sound only after the page was touched; a register is touched all day, and turning
 * the chime on plays it once.
 */
let context: AudioContext | null = null;

const NOTES = [
  { hz: 659.25, at: 0 },
  { hz: 880, at: 0.16 },
];

export async function playChime(): Promise<void> {
  try {
    context ??= new AudioContext();
    if (context.state === 'suspended') await context.resume();
    const start = context.currentTime + 0.02;
    for (const note of NOTES) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = note.hz;
      const at = start + note.at;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.25, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.45);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.5);
    }
  } catch {
    // No sound device, or sound not allowed yet: the badge still shows the order.
  }
}
