import { describeDrawing, readScene, withinScene } from './scene-reading';

describe('readScene', () => {
  it('reads the hour, the land, the building, the weather and who is there', () => {
    expect(
      readScene('At dusk Mara climbed to the lighthouse while the rain came in off the sea. Tom Reed followed.', [
        'Mara Quill',
        'Tom Reed',
        'Ada Stone',
      ]),
    ).toEqual({
      time: 'dusk',
      land: 'waves',
      landmark: 'lighthouse',
      weather: 'rain',
      people: ['Mara Quill', 'Tom Reed'],
    });
  });

  it('takes the earliest mention of each kind: the picture shows where the chapter begins', () => {
    const reading = readScene(
      'The forest was silent at dawn. Later, at night, she reached the sea and the snow began.',
    );
    expect(reading).toMatchObject({ time: 'dawn', land: 'trees', weather: 'snow' });
  });

  it('reads only the opening of a long chapter', () => {
    const opening = Array.from({ length: 300 }, () => 'word').join(' ');
    expect(readScene(`${opening} The desert at night.`)).toEqual({ people: [] });
  });

  it('puts a building in a town unless the scene names other land', () => {
    expect(readScene('The museum was empty.').land).toBe('city');
    expect(readScene('The boarding house on the promenade smelled of stone.')).toMatchObject({
      land: 'waves',
      landmark: 'manor',
    });
  });

  it('reads names as people, never as places or weather', () => {
    const reading = readScene('Little Cloud and Dr Forest met by the river.', ['Little Cloud', 'Dr Forest']);
    expect(reading).toMatchObject({ land: 'trees', people: ['Little Cloud', 'Dr Forest'] });
    expect(reading.weather).toBeUndefined(); // After a title, the short name is the last one: "Little" alone is not Little Cloud.
    expect(readScene('Forest smiled. Little by little it grew light.', ['Dr Forest', 'Little Cloud']).people).toEqual([
      'Dr Forest',
    ]);
  });

  it('knows the cast by first name, counts each once and holds at most three', () => {
    const cast = ['Ann Lee', 'Ben Ode', 'Cy Roe', 'Di Fay'];
    expect(readScene('Di, Ann and Ben argued; Cy listened. Ann left.', cast).people).toEqual([
      'Di Fay',
      'Ann Lee',
      'Ben Ode',
    ]);
  });

  it('reads nothing from words it does not know, and only the people in a book in another language', () => {
    expect(readScene('La nuit tombait sur la mer quand Mara arriva au phare.')).toEqual({ people: [] });
    expect(readScene('Mara entra dans le bar de la station, sous la pluie.', ['Mara Quill'], 'fr')).toEqual({
      people: ['Mara Quill'],
    });
  });
});

describe('withinScene', () => {
  it('fills what a panel leaves out from its chapter, and keeps a building only on the land it stands on', () => {
    const chapter = readScene('At night, by the lighthouse, in the rain.');
    expect(withinScene(readScene('Close-up: a hand on the door.'), chapter)).toMatchObject({
      time: 'night',
      land: 'waves',
      landmark: 'lighthouse',
      weather: 'rain',
    });
    const elsewhere = withinScene(readScene('Wide: the desert at noon.'), chapter);
    expect(elsewhere).toMatchObject({ time: 'day', land: 'desert', weather: 'rain' });
    expect(elsewhere.landmark).toBeUndefined();
  });
});

describe('describeDrawing', () => {
  const drawn = {
    people: [] as string[],
    figures: 2,
    land: 'waves' as const,
    landmark: 'lighthouse' as const,
    time: 'night' as const,
    weather: 'rain' as const,
  };

  it('names the people when it drew as many as the scene named', () => {
    expect(describeDrawing({ ...drawn, people: ['Mara', 'Tom'] })).toBe(
      'Mara and Tom by the sea, near a lighthouse, at night, in the rain',
    );
    expect(describeDrawing({ ...drawn, people: ['Ann', 'Ben', 'Cy'], figures: 3 })).toMatch(/^Ann, Ben and Cy /);
  });

  it('counts figures it cannot name, and leaves out clear skies and missing buildings', () => {
    expect(describeDrawing({ ...drawn, landmark: 'none', weather: 'clear', time: 'day' })).toBe(
      'two figures by the sea, by day',
    );
  });
});
