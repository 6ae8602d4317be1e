import { readPanelDirection } from './panel-direction';

const CAST = ['Mara Hale', 'Tom Reed', 'Ivo Black'];

describe('readPanelDirection', () => {
  it.each([
    ['Wide shot: Mara Hale in the saloon with a tin star.', 'wide'],
    ['Establishing shot of the harbour.', 'wide'],
    ['Close-up: Tom Reed in the saloon with a tin star.', 'close_up'],
    ['Extreme close up on the letter.', 'close_up'],
    ['Over the shoulder: Mara Hale in an alley with a gun.', 'over_the_shoulder'],
    ['Low angle: Ivo Black on the stairs.', 'low_angle'],
    ["Bird's-eye view of the square.", 'high_angle'],
    ['Two-shot: Mara and Tom in the market.', 'medium'],
    ['Mara waits by the door.', 'medium'],
    ['Bird’s-eye view of the harbour at dusk. Far below, Mara Hale, small as a pin.', 'high_angle'],
    ['Establishing shot from high up: the valley at dawn.', 'high_angle'],
    ['Low-angle wide shot of the station at noon.', 'low_angle'],
    ['Medium shot: Mara Hale reads, eyes somewhere far away.', 'medium'],
    ['Tight two-shot, nose to nose: Ivo Black and Mara Hale.', 'medium'],
    ['Insert panel: close on the key, every scratch visible.', 'detail'],
    ['Close on Tom Reed’s face at a window, lit from outside.', 'close_up'],
    ['Over-the-shoulder shot from behind Tom, looking at Mara, mid-sentence.', 'over_the_shoulder'],
  ])('reads the framing of "%s" as %s', (description, shot) => {
    expect(readPanelDirection(description, CAST).shot).toBe(shot);
  });

  it('counts the characters the direction names, by full or first name', () => {
    expect(readPanelDirection('Wide shot: Mara Hale on the road.', CAST).figures).toBe(1);
    expect(readPanelDirection('Medium shot: Mara and Ivo argue.', CAST).figures).toBe(2);
    expect(readPanelDirection('Mara Hale, Tom Reed and Ivo Black at the table.', CAST).figures).toBe(3);
    expect(readPanelDirection('An empty street at dawn.', CAST).figures).toBeUndefined();
    expect(readPanelDirection('Silent beat: Mara alone in the panel, thinking.', CAST).figures).toBe(1);
  });

  it('does not count a first name found inside another word', () => {
    expect(readPanelDirection('The tomb is open.', CAST).figures).toBeUndefined();
  });

  it('counts names in any script', () => {
    expect(readPanelDirection('Крупный план: Алёна у моря.', ['Алёна Морозова']).figures).toBe(1);
  });

  it('shows two people in a two-shot or over a shoulder, three in a crowd', () => {
    expect(readPanelDirection('Two-shot: the rivals.', CAST).figures).toBe(2);
    expect(readPanelDirection('Over the shoulder: the letter.', CAST).figures).toBe(2);
    expect(readPanelDirection('High angle: the crowd runs.', CAST).figures).toBe(3);
  });

  it('reads the pose from the verbs', () => {
    expect(readPanelDirection('Mara points at the door.', CAST).pose).toBe('pointing');
    expect(readPanelDirection('Tom raises his arms in triumph.', CAST).pose).toBe('arms_raised');
    expect(readPanelDirection('Ivo runs across the roofs.', CAST).pose).toBe('walking');
    expect(readPanelDirection('Medium shot: Mara, one hand raised; Tom listens.', CAST).pose).toBe('pointing');
    expect(readPanelDirection('Mara in the kitchen.', CAST).pose).toBeUndefined();
  });
});
