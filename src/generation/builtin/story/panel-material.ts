/**
 * What comics and manga are made of: per story beat, the narrator's captions,
 * the hero's thoughts, the page's key action as artist directions, short
 * balloon exchanges and the last panel that pulls the reader over the page;
 * then the shots every page draws on (establishing shots, two-shots, reaction
 * close-ups, sound panels, splash and impact panels, chibi relief).
 *
 * Directions are present tense, like a comic script. Slots beyond the
 * world's and the scene's (novel-writer.ts `sceneSlots`): `backdrop` is a
 * lexicon sight in the present tense ("dust hangs in the slanting light"),
 * `doing` an action ("checks the cylinder"), `when` a time;
 * `extra` is the page's one bystander; `a`/`b` are the speaker and listener
 * of a talk panel, `who` the face of a close-up (each with `.his`, `.he`,
 * `.him`); `entry` is the side a reader's eye enters from (left, or right in
 * a manga) and `exit` the side the story moves toward; `title` is the page's
 * title.
 */
import type { Line, Speaker } from './story-beats';
import type { StoryBeat } from './story-outline';

/** One speech balloon: who says it (`other` is the beat's companion, `extra` the page's bystander) and the words. */
export type Balloon = Line;
/** The page's last panel: what it shows, and the caption that turns the page. */
export type Hook = readonly [string, string];

export interface PanelBeat {
  /** The narrator's captions (comics): short, past tense, a voice over the pictures. */
  captions: readonly string[];
  /** The hero's unspoken thoughts (manga), lettered outside any balloon. */
  thoughts: readonly string[];
  /** The page's key moment, as the artist's direction; a leading `!` marks a loud one that gets a sound effect. */
  actions: readonly string[];
  /** The page's talk, balloon by balloon; the first two lines make sense alone. */
  exchanges: readonly (readonly Balloon[])[];
  hooks: readonly Hook[];
}

export const PANEL_BEATS: Record<StoryBeat, PanelBeat> = {
  ordinary: {
    captions: [
      '[^home]. {Same as always.|Nothing ever happens here.|Not much of a place. Home, though.}',
      '[^home]. [^hero.full] still believed in quiet days.',
      '[^hero.full]. [^hero.role]. {Not a hero. Not yet.|Nobody special. That was about to change.}',
      '[^sound:cap]. In [home], that counted as news.',
      'Every day in [home] began the same way. This one would not end that way.',
    ],
    thoughts: [
      'Same {sky|street|faces}. Same me.',
      'Someday I’ll [goal]. Someday…',
      'Is this really all there is?',
      'Nothing ever changes here. Nothing.',
    ],
    actions: [
      'Medium shot: [hero] [doing], eyes somewhere far away. [^keepsake:the] sits within reach.',
      '[^hero] at work while [extra] talks at [hero.him] from the doorway. Behind them, [backdrop].',
      'Over-the-shoulder shot: [hero] turns [keepsake] over in [hero.his] hands. Nobody else in the panel notices.',
      '[^hero] and [ally] side by side, [ally] mid-laugh, [hero] not quite smiling. [^backdrop].',
    ],
    exchanges: [
      [
        ['ally', 'You’re brooding again.'],
        ['hero', 'I’m thinking.'],
        ['ally', 'Same face.'],
        ['hero', 'One day I’ll [goal]. You’ll see.'],
      ],
      [
        ['extra', 'Heard about [threat]?'],
        ['hero', 'Stories. Nothing ever happens in [home].'],
        ['ally', 'Careful. Say that twice and something will.'],
      ],
      [
        ['ally', 'Still carrying [keepsake:the]?'],
        ['hero', 'Always.'],
        ['ally', 'Someday you’ll tell me why.'],
        ['hero', 'Someday.'],
      ],
      [
        ['hero', '{Another|Just another} day in [home].'],
        ['ally', 'You say that like it’s a sentence.'],
        ['hero', 'Isn’t it?'],
      ],
    ],
    hooks: [
      [
        'Pull back: [home], small under a huge sky. Far off, a tiny shape on the horizon.',
        'Somewhere out there, [threat] was already on its way.',
      ],
      ['Close on [hero]’s face at a window [when], lit from outside.', 'That night, [hero] dreamed of [threat].'],
      [
        'Silhouette: a figure watching [home] from a distance. We never see the face.',
        'Not everyone in [home] was asleep.',
      ],
    ],
  },

  inciting: {
    captions: [
      'It started with something small.',
      '[^time:cap], everything in [home] changed.',
      '[^extra:cap] swore [sight]. Nobody believed it. Not at first.',
      '[^sound:cap]. Then again, closer.',
    ],
    thoughts: ['What… is this?', 'Why here? Why me?', 'I should put it back. I should…', 'My hands are shaking.'],
    actions: [
      '!Low angle: [hero] kneels and lifts [prize] from where it lies half hidden. It is heavier than it looks.',
      '[^hero] pushes through a knot of onlookers at [here]; in the middle of them, on the ground, lies [prize].',
      'Insert: [prize], close enough to see every scratch. [^hero]’s hand reaches in from the edge of the panel.',
      '!Everyone at [here] turns to look the same way. [^backdrop]. [^hero] is the only one walking toward it.',
    ],
    exchanges: [
      [
        ['ally', 'Don’t touch it!'],
        ['hero', 'Too late.'],
        ['ally', 'Where did that come from?'],
        ['hero', 'Nowhere good.'],
      ],
      [
        ['extra', 'It’s [threat]! I told you all!'],
        ['hero', 'Slow down. What did you see?'],
        ['extra', 'Enough to run.'],
      ],
      [
        ['hero', 'Somebody wanted this found.'],
        ['ally', 'Or somebody lost it.'],
        ['hero', 'Then they’ll be back for it.'],
        ['ally', '[exclamation]'],
      ],
      [
        ['ally', 'Is that…?'],
        ['hero', '[^prize]. Here, of all places.'],
        ['ally', 'We should tell someone.'],
        ['hero', 'Tell who?'],
      ],
    ],
    hooks: [
      [
        'Close-up: a mark scratched into [hero]’s door, fresh. Nobody saw who made it.',
        'By morning, someone had left a mark on the door.',
      ],
      ['[^hero] wraps [prize] in cloth, lamp low, shadow huge on the wall.', '[^hero] did not sleep that night.'],
      ['Wide: beyond [home], a line of distant lights moving in the dark.', 'Whoever lost [prize] wanted it back.'],
    ],
  },

  debate: {
    captions: [
      '[^mentor.full], [mentor.role]. The only one left to ask.',
      '[^here]. [^mentor] had been expecting this visit for years.',
      'Advice is cheap. [^mentor]’s never was.',
      '[^smell:cap]. [^mentor] let [hero] wait.',
    ],
    thoughts: [
      'Tell me to leave it. Please.',
      '[^mentor] knows something. I can see it.',
      'If I go, there’s no coming back.',
    ],
    actions: [
      '[^mentor] [doing] without looking up. [^hero] stands in the doorway, [prize] under one arm.',
      'Two-shot across a table: [mentor] on one side, [hero] on the other, [prize] between them. [^backdrop].',
      'Close on [mentor]’s hands as [mentor.he] unwraps [prize], slowly, the way you handle something that bites.',
    ],
    exchanges: [
      [
        ['hero', 'Tell me to leave it alone.'],
        ['mentor', 'Would you listen?'],
        ['hero', 'No.'],
        ['mentor', 'Then sit down.'],
      ],
      [
        ['mentor', 'You know what that is?'],
        ['hero', 'I know what people say.'],
        ['mentor', '[^rival] wants it. [^rival] always gets what [rival.he] wants.'],
        ['hero', 'Not this time.'],
      ],
      [
        ['mentor', '[saying]'],
        ['hero', 'That’s not an answer.'],
        ['mentor', 'It’s the only kind I have.'],
      ],
      [
        ['hero', 'Why me?'],
        ['mentor', 'Because you picked it up.'],
        ['hero', 'That’s it?'],
        ['mentor', 'That’s always it.'],
      ],
    ],
    hooks: [
      [
        'Back view: [hero] in the doorway, the road beyond, [mentor] a silhouette behind.',
        'By dawn, [hero] had made up [hero.his] mind.',
      ],
      ['Close on [hero]’s hand tightening on [prize].', 'There was only one way to [goal]. Straight through.'],
      [
        '[^mentor], alone now, [doing] and stares at the door [hero] left by.',
        '[^mentor] knew how this ended. [^mentor.he] didn’t say.',
      ],
    ],
  },

  threshold: {
    captions: [
      'They left [home] [time].',
      '[^here]. The edge of everything [hero] knew.',
      'Behind them, [home]. Ahead, [here].',
      'The first step is the long one.',
    ],
    thoughts: ['Don’t look back. Don’t look back.', 'So this is what’s out there.', 'No turning back now.'],
    actions: [
      'Wide: [hero] and [ally] walking out of [home] toward [here], long shadows stretching behind them.',
      '[^hero] looks back one last time; [home] is small and far away in the background.',
      'They cross into [here]: [backdrop]. [^ally] [doing]; [hero] stares at everything.',
      '[^extra:cap] blocks the way at the edge of [here], one hand raised: stop.',
    ],
    exchanges: [
      [
        ['ally', 'We can still turn back.'],
        ['hero', 'Do you want to?'],
        ['ally', 'Every minute.'],
        ['hero', 'Me too. Keep walking.'],
      ],
      [
        ['hero', 'Is it always like this out here?'],
        ['ally', 'Like what?'],
        ['hero', '{Loud|Big|Hungry}.'],
        ['ally', 'You get used to it.'],
      ],
      [
        ['extra', 'What are you carrying?'],
        ['hero', 'Nothing.'],
        ['extra', 'Heavy nothing.'],
        ['ally', 'We’ll be going.'],
      ],
      [
        ['hero', 'Thanks for coming.'],
        ['ally', 'Thank me if we live.'],
      ],
    ],
    hooks: [
      [
        'Night. [^hero] sleeps with one hand on [prize]. Beyond the edge of the light, a pair of eyes.',
        'They were not alone out there.',
      ],
      ['Morning: footprints circle the camp. Not theirs.', 'In the morning, there were tracks around the camp.'],
      ['Wide: [hero] and [ally] from behind, facing whatever comes next.', 'No going back now.'],
    ],
  },

  trials: {
    captions: [
      '[^here] had its own rules.',
      'In [here], everything had a price.',
      'The first real test came fast.',
      '[^here], [time]. Trouble was waiting.',
      '[^smell:cap]. [^hero] hated [here] already.',
      'Nobody in [here] did anything for free.',
    ],
    thoughts: ['Stay calm. Stay calm.', 'Everyone here is watching us.', 'There! That’s it!', 'Think. Think!'],
    actions: [
      '[^hero] [doing] while [ally] keeps watch; [extra] is already reaching for something out of sight.',
      '!Chaos at [here]: [ally] shouting, [hero] diving for cover, [object:a] flying past.',
      'Close on [hero]’s hand closing around [clue], hidden behind a loose board.',
      '[^hero] and [extra] face off over a table; [keepsake] lies between them as the price.',
      '!Action: [hero] vaults an obstacle with [clue] clutched to [hero.his] chest, [ally] a step behind.',
    ],
    exchanges: [
      [
        ['extra', 'Asking about [threat]? People who ask don’t stay long.'],
        ['hero', 'I don’t plan to stay.'],
        ['extra', 'That’s not what I meant.'],
      ],
      [
        ['ally', 'Name your price.'],
        ['extra', '[^keepsake:the].'],
        ['hero', 'No.'],
        ['extra', 'Then good luck to you.'],
      ],
      [
        ['hero', 'Stay behind me.'],
        ['ally', 'Do you have a plan?'],
        ['hero', 'Most of one.'],
        ['ally', 'Which part is missing?'],
      ],
      [
        ['ally', 'Down!'],
        ['hero', '[exclamation]'],
        ['ally', 'Got it?'],
        ['hero', 'Got it!'],
      ],
      [
        ['hero', 'Look. [^clue].'],
        ['ally', 'What does it mean?'],
        ['hero', 'It means we’re on the right road.'],
      ],
      [
        ['extra', 'You’re not from here.'],
        ['hero', 'Is it that obvious?'],
        ['extra', 'You’re still alive. Give it an hour.'],
      ],
    ],
    hooks: [
      [
        'Close on [clue] in [hero]’s palm. Something on it catches the light.',
        '[^clue] didn’t answer questions. It asked better ones.',
      ],
      ['Over [hero]’s shoulder: a figure in a doorway behind them, watching.', 'They were being followed.'],
      [
        '[^ally] sits apart, turning [clue] over, face unreadable.',
        '[^ally] knew something. [^ally.he] wasn’t saying.',
      ],
      [
        'Wide: [hero] and [ally] leaving [here], the road ahead splitting in two.',
        'One test down. The next would cost more.',
      ],
    ],
  },

  bonds: {
    captions: [
      'For once, nothing to run from.',
      'Night at [here]. [^sound:cap].',
      'They talked until the small hours.',
      '[^smell:cap]. It was almost peaceful.',
    ],
    thoughts: [
      'I’m glad it’s [ally]. Nobody else would have come.',
      'What aren’t you telling me?',
      'I wish it could stay like this.',
    ],
    actions: [
      'Night, or what passes for it. [^hero] and [ally] sit close in a small pool of light. [^backdrop].',
      '[^ally] [doing]; [hero] pretends to sleep and watches.',
      '[^hero] shows [ally] [keepsake]. [^ally] holds it carefully, as if it were precious.',
    ],
    exchanges: [
      [
        ['hero', 'Why did you come? Really.'],
        ['ally', 'Because you asked.'],
        ['hero', 'People say no to me all the time.'],
        ['ally', 'I’m not people.'],
      ],
      [
        ['ally', 'What will you do after?'],
        ['hero', 'Go home, I guess.'],
        ['ally', 'Liar.'],
        ['hero', 'What about you?'],
      ],
      [
        ['hero', 'You never talk about before.'],
        ['ally', 'Nothing to tell.'],
        ['hero', 'That’s a lot of nothing.'],
        ['ally', 'Ask me another night.'],
      ],
    ],
    hooks: [
      [
        'Close on [ally]’s face in the dark, eyes open, while [hero] sleeps.',
        'Later, [ally] whispered something that sounded like “sorry.”',
      ],
      [
        'Wide: two small figures in a pool of light, darkness all around them.',
        'It was the best night of the whole journey.',
      ],
      [
        'Insert: an old token in [ally]’s pocket, half hidden. It bears [rival]’s mark.',
        'Some secrets keep. Some don’t.',
      ],
    ],
  },

  rival: {
    captions: [
      '[^rival.full]. [^rival.role].',
      'They met at [here], because [rival] chose it.',
      '[^rival] had been waiting. [^rival.he] didn’t mind waiting.',
    ],
    thoughts: ['So this is [rival].', 'Don’t look away. Don’t let [rival.him] see.', 'Why is [rival.he] smiling?'],
    actions: [
      '!Dramatic entrance: [rival] steps out of shadow at [here], [rival.his] people at the edges of the panel.',
      'Low angle on [rival], seated and relaxed; [hero] stands before [rival.him] like someone on trial.',
      'Tight two-shot, nose to nose: [rival] and [hero], [prize] between them.',
    ],
    exchanges: [
      [
        ['rival', 'You have something of mine.'],
        ['hero', 'I have something I found.'],
        ['rival', 'Finding is a kind of taking.'],
      ],
      [
        ['rival', 'Give me [prize:the]. Go home.'],
        ['hero', 'And if I don’t?'],
        ['rival', 'Then [stakes].'],
      ],
      [
        ['rival', 'Sit. I don’t bite.'],
        ['hero', 'What do you want?'],
        ['rival', 'What you want. We differ on the price.'],
      ],
      [
        ['rival', '[exclamation] You’re braver than they said.'],
        ['hero', 'They said wrong.'],
        ['rival', 'We’ll see.'],
      ],
    ],
    hooks: [
      ['Close on [rival]’s smile as [hero] walks away.', '[^rival] let [hero.him] go. That was the frightening part.'],
      ['[^rival] [doing], alone now, watching the door.', 'Three days later, [rival] made [rival.his] first move.'],
      ['Outside: [ally] waiting, face pale.', '[^ally] already knew [rival]’s name. How?'],
    ],
  },

  midpoint: {
    captions: [
      '[^here]. Halfway. Nothing would be the same after.',
      '[^clue] led them to [here]. [^here] led them to [mentor].',
      'The truth was worse than the stories.',
    ],
    thoughts: [
      'Everything I thought I knew…',
      'All this time… it was a trap.',
      'I’ve been leading [rival.him] right to it!',
    ],
    actions: [
      '![^hero] lays [clue] beside [prize]. They fit together perfectly.',
      '[^mentor] steps out of the shadows of [here], travel-worn. [^backdrop].',
      'Close-up on [prize] and [clue] side by side: a pattern only now visible.',
    ],
    exchanges: [
      [
        ['mentor', '[^prize:the] isn’t treasure. It’s a key.'],
        ['hero', 'A key to what?'],
        ['mentor', 'To [threat].'],
      ],
      [
        ['hero', 'It was never about [prize:the].'],
        ['ally', 'Then what?'],
        ['hero', 'It was always about [threat].'],
      ],
      [
        ['hero', 'Why let me keep it?'],
        ['mentor', 'A key is useless till someone finds the lock.'],
        ['hero', 'And I’ve been finding it for [rival.him].'],
      ],
    ],
    hooks: [
      [
        'Wide: [hero] turns to face the other way down the road, toward [stronghold].',
        'Not away from [rival]. Toward [rival.him].',
      ],
      ['[^ally] slipping away into the dark while the others sleep.', 'That night, [ally] disappeared for an hour.'],
      ['Close on [hero]’s eyes, hard now.', 'Halfway. And everything had changed.'],
    ],
  },

  tightening: {
    captions: [
      'After that, everything went wrong.',
      '[^here]. [^rival]’s people were everywhere.',
      'No safe place left.',
      '[^sound:cap]. Too close.',
      'They ran. It was all they had left.',
    ],
    thoughts: ['How do they always know?', 'Run. Just run.', 'Not [ally]… it can’t be…'],
    actions: [
      '!Chase across [here]: [hero] and [ally] sprint in the foreground, pursuers pouring in behind.',
      '!High angle: [rival]’s people closing in on [here] from every side.',
      '[^hero] loses [keepsake] in the chaos; it tumbles out of frame, unnoticed.',
      '[^hero] and [ally] press flat in a doorway as shadows pass. [^backdrop].',
    ],
    exchanges: [
      [
        ['ally', 'They were waiting for us!'],
        ['hero', 'How could they know?'],
        ['ally', 'Move! Now!'],
      ],
      [
        ['hero', 'We can’t keep running.'],
        ['ally', 'Sure we can. We have legs.'],
        ['hero', 'That’s not a plan.'],
        ['ally', 'It’s an old one.'],
      ],
      [
        ['extra', 'Not here! They’ll burn us out!'],
        ['hero', 'We’re going.'],
        ['ally', 'Going where?'],
      ],
      [
        ['hero', 'Which way?'],
        ['ally', 'Any way but that one!'],
      ],
    ],
    hooks: [
      [
        'At the end of the last road out: [rival], waiting.',
        'By morning there was one road left. [^rival] stood at the end of it.',
      ],
      [
        '[^hero] looks sidelong at [ally], doubt in [hero.his] eyes.',
        'For the first time, [hero] wondered how [rival] always knew.',
      ],
      ['The empty street behind them: [keepsake] lying forgotten.', '[^hero] wouldn’t notice it was gone for hours.'],
    ],
  },

  betrayal: {
    captions: [
      'It was [extra] who told [hero], in the end.',
      'The truth came out at last: [ally] [secret].',
      'Some secrets wait years to come out.',
      '[^here]. The night it all came out.',
    ],
    thoughts: ['No. Not you. Anyone but you.', 'Was any of it true?', 'I trusted you.'],
    actions: [
      '[^hero] holds up an old token bearing [rival]’s mark. [^ally] freezes.',
      'Split panel: [hero] on one side, [ally] on the other, a jagged crack of black between them.',
      '[^ally] picks up [ally.his] things and walks out into [here]. [^hero] does not follow.',
    ],
    exchanges: [
      [
        ['hero', 'I know what you did. All of it.'],
        ['ally', 'Who told you?'],
        ['hero', 'That isn’t a no.'],
        ['ally', 'It was a long time ago.'],
      ],
      [
        ['ally', 'I was going to tell you.'],
        ['hero', 'When? After [rival] had [prize:the]?'],
        ['ally', 'I never told [rival] anything.'],
        ['hero', 'Get out.'],
      ],
      [
        ['hero', 'You knew. All along.'],
        ['ally', 'I knew [rival]. Not this.'],
        ['hero', 'Go.'],
      ],
    ],
    hooks: [
      [
        '[^hero] alone with [prize] in [hero.his] lap as the light goes out of [here].',
        'For the first time since [home], [hero] was alone.',
      ],
      [
        'Close on [ally]’s empty place, [ally.his] cup still warm.',
        '[^hero] still trusted [ally]. [^hero.he] just couldn’t afford to.',
      ],
      ['Far away: [rival] hears the news and smiles.', '[^rival] would know by morning.'],
    ],
  },

  lowest: {
    captions: [
      'They came before dawn.',
      'There was no [ally] to stand guard.',
      'Everything [hero] had fought for, gone in a minute.',
    ],
    thoughts: ['It’s over. It’s all over.', 'I’m sorry… I’m so sorry…', 'Get up. Why can’t I get up?'],
    actions: [
      '![^rival]’s people burst in; [hero] fights, outnumbered, and [prize] is torn from [hero.his] hands.',
      '[^hero] on [hero.his] knees at [here], hands empty. [^backdrop].',
      '[^rival] walks away with [prize], not looking back.',
    ],
    exchanges: [
      [
        ['rival', 'You did well. Better than anyone.'],
        ['hero', 'You can’t do this.'],
        ['rival', 'I can. That’s the difference.'],
      ],
      [
        ['mentor', 'Get up.'],
        ['hero', 'Why? [^rival.he] has it.'],
        ['mentor', '[saying]'],
        ['hero', 'I’m tired of proverbs.'],
      ],
      [
        ['hero', 'I lost it. I lost everything.'],
        ['mentor', 'Not everything. Not yet.'],
      ],
    ],
    hooks: [
      [
        'Silhouette: a figure in the doorway at first light. It is [ally].',
        'In the grey light before dawn, someone knocked.',
      ],
      ['Close on [hero]’s hand pushing against the ground.', '[^hero] stood up. The rest would be easier.'],
      ['Wide: [hero], tiny, rising in the middle of [here].', 'It was never about [prize:the]. It was about [theme].'],
    ],
  },

  rally: {
    captions: ['[^ally] came back.', 'The plan was simple. And mad.', 'Word went out to everyone [rival] had wronged.'],
    thoughts: [
      'I should send [ally.him] away. I won’t.',
      'Maybe… maybe it could work.',
      'One more time. Just one more.',
    ],
    actions: [
      '[^ally] in the doorway, hands open, where [hero] can see them.',
      'Around a table at [here]: [hero], [ally] and [mentor] bent over [clue] and scribbled plans.',
      'Strip of small panels: [extra] arrives, then others, gathering at [here].',
    ],
    exchanges: [
      [
        ['ally', 'I know where [rival] is taking it.'],
        ['hero', 'Why should I trust you?'],
        ['ally', 'You shouldn’t. Do it anyway.'],
        ['hero', '… All right.'],
      ],
      [
        ['hero', 'It can’t work.'],
        ['mentor', 'Probably not.'],
        ['ally', 'Almost certainly not.'],
        ['hero', 'Then why are you smiling?'],
      ],
      [
        ['hero', 'I said things.'],
        ['ally', 'So did I.'],
        ['hero', 'Friends?'],
        ['ally', 'Ask me when we win.'],
      ],
    ],
    hooks: [
      [
        'Wide: the little band setting out at dawn toward [stronghold] on the horizon.',
        'At dawn, they set out for [stronghold].',
      ],
      ['[^hero] and [ally] clasp hands.', 'For the first time in weeks, [hero] felt something like hope.'],
      ['Distant shot of [stronghold], dark and waiting.', '[^stronghold]. One way in.'],
    ],
  },

  climax: {
    captions: [
      '[^stronghold]. Where it ends.',
      'Everything came down to the next few minutes.',
      'They reached [stronghold] [time].',
    ],
    thoughts: ['Now. It has to be now!', 'My hands… they’re steady.', 'For [home]. For all of them.'],
    actions: [
      '![^hero] and [rival] locked together over [prize], [threat] breaking loose around them.',
      '![^ally] [doing]; [rival] turns; in that instant, [hero] moves.',
      '![^hero] lets go of [prize], and [rival], off balance, stumbles.',
    ],
    exchanges: [
      [
        ['rival', 'I hoped you’d come.'],
        ['hero', 'Put it down.'],
        ['rival', 'I’m the only one willing to finish this.'],
        ['hero', 'You’re the only one who wants to.'],
      ],
      [
        ['rival', 'You could have gone home.'],
        ['hero', 'I’d never forgive myself.'],
        ['rival', 'Then you’re more dangerous than I thought.'],
      ],
      [
        ['rival', 'Why won’t you stop?'],
        ['hero', 'Because of [theme]. You wouldn’t understand.'],
      ],
    ],
    hooks: [
      [
        'Silence: [stronghold] in ruins, dust settling, [hero] still standing.',
        'When the silence came, it was enormous.',
      ],
      ['Close on the empty spot where [rival] stood a moment ago.', '[^rival] was gone. So was [prize].'],
      ['[^hero] drops to one knee, exhausted, alive.', 'It was over.'],
    ],
  },

  aftermath: {
    captions: [
      'Morning came to [stronghold] as if nothing had happened.',
      'They counted what was lost. Then what was saved.',
      'It was quiet. It had never been so quiet.',
    ],
    thoughts: ['We’re… alive?', 'Was [rival.he] wrong about everything?', 'It’s finally over.'],
    actions: [
      '[^hero] sits on a fallen stone, light on [hero.his] face, [ally] beside [hero.him]. [^backdrop].',
      'People emerge from hiding all over [stronghold], blinking in the daylight.',
      '[^ally] bandages [hero]’s hand; neither looks at the other.',
    ],
    exchanges: [
      [
        ['ally', 'You should sleep.'],
        ['hero', 'Did we win?'],
        ['ally', 'Hard to tell. Up close, winning looks like losing.'],
      ],
      [
        ['extra', 'Is [rival] really gone?'],
        ['hero', 'Yes.'],
        ['extra', 'What do we tell people?'],
        ['hero', 'Tell them [ally] did it.'],
      ],
      [
        ['hero', 'Was [rival.he] wrong? About everything?'],
        ['ally', 'Not everything. That’s what made [rival.him] dangerous.'],
      ],
    ],
    hooks: [
      ['The road home, winding away from [stronghold].', 'Then, at last, it was time to go home.'],
      ['[^hero] asleep where [hero.he] sits, [ally] keeping watch.', '[^hero] slept for two days.'],
    ],
  },

  homecoming: {
    captions: [
      '[^home]. Exactly the same. That was how [hero] knew [hero.he] had changed.',
      'They came back [time].',
      'Home.',
    ],
    thoughts: ['It looks smaller.', 'I’m home. I’m really home.', 'So this is what it feels like.'],
    actions: [
      '[^extra:cap] waves from across [home] as if [hero] has been gone a day.',
      '[^hero] [doing]: the old work, the old place. [^backdrop].',
      '[^hero] and [ally] walk into [home], dusty, tired, smiling.',
    ],
    exchanges: [
      [
        ['ally', 'Well. What now?'],
        ['hero', 'I thought I’d stay a while.'],
        ['ally', 'You won’t.'],
        ['hero', 'No.'],
      ],
      [
        ['mentor', 'You went after all.'],
        ['hero', 'You knew I would.'],
        ['mentor', 'I hoped.'],
      ],
      [
        ['extra', 'Where’ve you been?'],
        ['hero', 'Away.'],
        ['extra', 'Anything happen?'],
        ['hero', 'A little.'],
      ],
    ],
    hooks: [
      [
        'Wide: [home] [when]; two figures sitting on a step, the road beyond.',
        'Somewhere beyond [home], the road was waiting. It could wait a little longer.',
      ],
      ['Close on [hero], smiling, looking out at the horizon.', 'It was a good place to begin.'],
    ],
  },
};

/** The page's first panel: where we are, wide. */
export const ESTABLISHING = [
  'Establishing shot, wide: [here] [when]. [^backdrop]. [^hero] is a small figure in the foreground.',
  'Extreme wide shot of [here] [when], [adjective] and still. [^backdrop]. [^hero] and [other] are tiny in the middle distance.',
  'Bird’s-eye view of [here] [when]. [^backdrop]. Far below, [hero], small as a pin.',
  'Wide panel across the top of the page: [here] [when]. [^backdrop]. [^hero] enters from the [entry].',
  'Low-angle wide shot of [here] [when]: [backdrop]. In the background, [extra] [doing].',
  'Long shot through a doorway into [here] [when]: [backdrop]. [^hero] is a silhouette inside.',
  'Wide shot of [here] [when]. Foreground: [object:a], out of focus. Background: [backdrop].',
  'Wide panel, full of [adjective] detail: [here] [when]. [^backdrop], and [backdrop].',
  'Wide, eye level: [here] [when]. [^backdrop]. [^hero] stands at the centre of it all and [doing].',
  'Establishing shot from high up: [here] [when], [adjective] as ever. [^backdrop].',
];

/** A talk panel: `a` speaks, `b` listens. */
export const TALK_SHOTS = [
  'Medium two-shot: [a] and [b] face to face, [a] mid-sentence. Behind them, [backdrop].',
  'Over-the-shoulder shot from behind [b], looking at [a], mid-sentence.',
  'Medium shot: [a] talks without looking up; [b] listens, arms folded.',
  'Close two-shot, faces lit from one side: [a] and [b].',
  'Medium shot: [a], one hand raised; [b] only half in frame, listening.',
  'Profile shot: [a] and [b] walking side by side through [here], talking.',
  '[^a] leans in close to [b], voice low. Background: [backdrop].',
  'Medium close-up on [a], speaking; [b]’s shoulder in the foreground.',
  'Two-shot, [b] in the foreground with [b.his] back to us, [a] facing us.',
  'Three-quarter view: [a] turns to [b]; the background falls away into shadow.',
  'Tight two-shot: [a] and [b] with a table between them, [object:a] on it.',
  'Medium shot: [a] stops and turns to [b]. [^backdrop].',
  'Low angle on [a], speaking down to [b]; [here] looms behind.',
  'Wide-ish two-shot: [a] and [b] small against [here], the balloons doing the work.',
];

/** Western reaction shots: a face, and what it gives away. */
export const REACTIONS = [
  'Close-up on [who]: [who.his] jaw tightens.',
  'Close-up: [who]’s eyes narrow. Nothing else moves.',
  'Tight on [who]’s face, half in shadow.',
  'Close-up on [who], who says nothing at all.',
  'Reaction shot: [who] glances away.',
  'Close-up of [who]’s hands, clenched.',
  'Close on [who], caught off guard.',
  'Extreme close-up: a bead of sweat on [who]’s temple.',
  'Silent beat: [who] alone in the panel, thinking.',
];

/** Manga reaction shots: eyes, sweat drops, screentone. */
export const MANGA_REACTIONS = [
  'Extreme close-up on [who]’s eyes, pupils shrunk to pinpoints against a blank white background.',
  'Reaction shot: [who] freezes, a single sweat drop at [who.his] temple.',
  'Close-up on [who], eyes hidden in the shadow of [who.his] hair, mouth a thin line.',
  'Dramatic close-up: [who]’s eyes go wide; dark screentone floods the background.',
  'Extreme close-up of [who]’s eyes, reflected in them: [prize].',
  'Reaction shot: [who] gasps, a burst of focus lines behind [who.him].',
  'Close-up on [who] from below, face hard, the wind pulling at [who.his] hair.',
  'Half-face close-up on [who], one eye shining, the other in shadow.',
  'Narrow vertical panel: only [who]’s eyes, glinting.',
];

/** Manga effects panels: speed lines and focus lines, and the kind of sound effect each takes. */
export const MANGA_EFFECTS: readonly (readonly [string, 'impact' | 'mood' | 'surprise'])[] = [
  ['[^who] spins round, speed lines streaking behind [who.him].', 'impact'],
  ['Focus lines converge on [who]’s face as [who.he] understands.', 'surprise'],
  ['Speed lines: [who] lunges across the panel, a blur of motion.', 'impact'],
  ['Radial lines burst out from [who]; the background drops away to white.', 'surprise'],
  ['[^who] dashes toward the [exit] edge of the panel, the world behind [who.him] smeared into speed lines.', 'impact'],
  ['[^who] stands motionless while dark screentone creeps in from the panel’s edges.', 'mood'],
];

/** Chibi comic relief in manga (light beats only): direction, who, and a line. */
export const CHIBI: readonly (readonly [string, Speaker, string])[] = [
  [
    'Chibi panel: a tiny, round-headed [ally] flails, giant sweat drop, while a tiny [hero] looks on, deadpan.',
    'ally',
    '{Don’t look at me like that!|It wasn’t my fault!}',
  ],
  [
    'Chibi interlude: [hero] and [ally] drawn small and silly, squabbling over [object:a] in a cartoon dust cloud.',
    'hero',
    '{Mine!|Give it back!}',
  ],
  ['Chibi panel: [ally] pouts with puffed cheeks; [hero] pats [ally.his] head.', 'ally', '{Hmph!|Not fair.}'],
  ['Chibi panel: tiny [hero] sulks in a corner under a little storm cloud.', 'hero', '{Nobody listens to me…|Why me…}'],
  [
    'Chibi panel: [hero]’s stomach growls; tiny [ally] stares, a huge question mark overhead.',
    'hero',
    '{… I skipped breakfast.|Don’t say anything.}',
  ],
];

/** Western insert panels: a detail, with a caption. */
export const INSERTS: readonly Hook[] = [
  ['Insert panel: close on [prize], every scratch visible.', 'Everyone wanted it. Nobody knew why.'],
  ['Inset: [hero]’s hand on [keepsake].', '[^hero] thought of [memory].'],
  ['Small silent panel: [hero] and [other] look at each other. Neither speaks.', 'Some things didn’t need saying.'],
  ['Detail panel: [object:a] on the ground, forgotten.', '[^sound:cap].'],
  ['Insert: [hero]’s boots, mid-stride.', '[^hero] kept walking. It was what [hero.he] did.'],
  ['Small panel: [clue], turned to the light.', 'Every clue pointed the same way.'],
];

/** Sound panels: the lettering does the work. */
export const SOUND_SHOTS = [
  'Sound panel: something loud, off-panel; the sound effect tears across half the frame and [hero] whips round.',
  'Small panel, almost empty: a corner of [here] and a sound from somewhere out of frame.',
  'Background panel: [backdrop]. A sound off-panel, and [hero] goes still.',
  'Panel of pure sound over [here]: jagged lettering cuts across the frame.',
  '[^hero] and [other] freeze mid-step as the sound hits; neither looks at the other.',
];

/** The comic's climax: a splash panel, half the page. */
export const SPLASHES = [
  'SPLASH PANEL (half the page): [hero] and [rival] collide in the heart of [stronghold]; [threat] erupts around them; [ally] mid-leap in the background.',
  'SPLASH PANEL (half the page): [stronghold] shakes apart. At the centre, [hero] holds [prize] high above [rival]. [^backdrop].',
  'SPLASH PANEL (half the page), low angle: [hero] stands alone against [rival] and everything [rival.he] commands, [stronghold] towering behind.',
];

/** The manga's climax: an impact panel. */
export const IMPACTS = [
  'Full-width impact panel: [hero] and [rival] clash; speed lines explode outward from the point where they meet, and [stronghold] vanishes into white.',
  'Double-tier impact panel: [hero] leaps at [rival], fist drawn back, every line of the page pointing at [hero.him].',
  'Impact panel: [prize] shatters light across [stronghold]; [hero] and [rival] are silhouettes in the blast.',
];

/** The comic narrator's captions when a beat has none left. */
export const NARRATION = [
  '[^time:cap].',
  'Here, in [here]…',
  '[^here]. [^smell:cap].',
  '[^sound:cap].',
  '[^here], [time].',
  '[^sight:cap].',
];

/** Manga title cards over the page's first panel. */
export const TITLE_CARDS = ['「[title]」', '— [title] —', '[^here], [time].'];

/** Katakana sound effects with their romanised reading, as manga letter them, by what they express. */
export const KATAKANA: Record<'impact' | 'mood' | 'surprise', readonly string[]> = {
  /** Blows, slams, crashes, sudden moves, running feet. */
  impact: [
    'ドン (DON)',
    'バン (BAN)',
    'ガシャーン (GASHAAN)',
    'ドドド (DODODO)',
    'ズバッ (ZUBA)',
    'バッ (BA)',
    'ダダダ (DADADA)',
    'ドカッ (DOKA)',
  ],
  /** The air of a panel: menace, a murmur, silence, a heartbeat, a shiver, a stare. */
  mood: [
    'ゴゴゴゴ (GOGOGOGO)',
    'ザワザワ (ZAWA ZAWA)',
    'シーン (SHIIN)',
    'ドキドキ (DOKI DOKI)',
    'ゾクッ (ZOKU)',
    'ジー (JII)',
  ],
  /** A gasp, a shock, a flash of understanding. */
  surprise: ['ハッ (HA)', 'ガーン (GAAN)', 'ドキッ (DOKI)', 'ピカッ (PIKA)', 'ビクッ (BIKU)'],
};

/** Beats too dark for chibi relief. */
export const SOLEMN_BEATS: ReadonlySet<StoryBeat> = new Set(['betrayal', 'lowest', 'climax', 'tightening', 'rival']);

/** What the hero shouts in the climax's impact panel (manga). */
export const BATTLE_CRIES = ['It ends here!', '[^rival]!!', 'Not while I’m standing!', 'For [home]!', 'NOW!'];

/** A manga flourish on an action panel. */
export const MANGA_FLOURISHES = [
  'Speed lines streak behind the movement.',
  'Heavy screentone shadows on every face.',
  'Focus lines pull the eye to the centre of the panel.',
  'The panel border breaks where the action spills over it.',
];

/** The note at the front of every manga: the book reads from the right. */
export const MANGA_READING_NOTE =
  'This book is a manga and reads from right to left: start at the top right of each page and read each row of panels from right to left.';
