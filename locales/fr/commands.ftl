# commands: les textes de la table des commandes (aide, descriptions des commandes
# slash, libellés des choix), erreurs d'usage, !help et !rules.
# Les noms de commandes, les mots-clés (katro, as north, on|off) et les ids de règles
# ne se traduisent pas : c'est ce que les joueurs tapent.

## !help : $p est le préfixe, $default le niveau d'IA par défaut, $game le jeu par défaut.

help-intro = Arbitre de mancala : Katro et Hoyito I, une partie par salon.
help-outro = Seuls les deux joueurs jouent, l'un après l'autre ; tout le monde peut regarder.
help-line = { $form } : { $text }.
help-aliases = (ou { $aliases })
help-organizers = (organisateurs)
help-new-0 = défier quelqu'un (ou tout le monde) ; JEU : katro[:4x6|:4x4] [lone], hoyito[:2x6-12] [match|first-to N|games N], par défaut { $game } ; TEMPS : `12h`, `2d`, `notime` ou `5m+3s`
help-new-1 = jouer aussitôt contre l'IA, partie non classée ; niveaux de 1 (débutant) à 5 (maître), { $default } par défaut
help-accept-0 = accepter le défi lancé ici
help-decline-0 = refuser ou retirer un défi
help-sow-0 = votre coup, p. ex. `{ $p }sow c1+` au Katro, `{ $p }sow d1` au Hoyito
help-board-0 = plateau et trait
help-moves-0 = les coups légaux
help-resign-0 = abandonner (en match : `game` ou `match`)
help-hint-0 = le meilleur coup selon l'IA, et pourquoi (contre l'IA, ou en partie non classée avec indices)
help-analyze-0 = l'IA analyse la dernière partie d'ici, ou la partie ID : erreurs, précision, courbe
help-history-0 = les dernières parties finies ici
help-replay-0 = le dernier coup en GIF
help-rules-0 = les règles en bref
help-help-0 = cette aide, ou celle d'une COMMANDE
help-draw-0 = proposer ou accepter nulle
help-abort-0 = annuler sans résultat, avant que les deux camps aient joué
help-claim-0 = gagner au temps
help-rematch-0 = même adversaire, camps inversés
help-mute-0 = plus de rappels d'échéance
help-unmute-0 = de nouveau les rappels d'échéance
help-set-0 = autoforfeit|hints|threads on|off, pictures frames|sheet|final|gif, view mover|south|north, theme light|dark, language en|fr|es|ru|auto, web on|off|index|noindex
help-rating-0 = cotes Glicko-2 (`?` : provisoire)
help-leaderboard-0 = les meilleures cotes
help-tournament-0 = les tournois d'ici
help-tournament-leave = avant le début

## Commandes slash : descriptions (1 à 100 caractères chacune).

slash-new = Défier quelqu'un (ou n'importe qui, ou l'IA du bot) à une partie de Katro ou de Hoyito ici
slash-new-game = Le jeu : Katro 6x6, 4x6 ou 4x4, Hoyito 2x6 à 2x12, ou un match de Hoyito
slash-new-opponent = Qui vous défiez ; laissez vide pour que n'importe qui puisse accepter
slash-new-ai-level = Jouer plutôt contre l'IA du bot, à ce niveau
slash-new-side = Jouer Sud (qui commence) ou Nord ; au hasard si vide
slash-new-time = Temps par coup (12h, 2d, notime) ou pendule (5m+3s, 3+2) ; celui du serveur si vide
slash-new-rating = rated (par défaut) ou unrated : cote inchangée, indices si le salon les permet
slash-accept = Accepter le défi lancé dans ce salon
slash-decline = Refuser le défi lancé dans ce salon, ou retirer le vôtre
slash-sow = Jouer un coup : semer depuis un trou (Katro c1+ ou c1-, Hoyito d1)
slash-sow-hole = Le trou d'où semer, p. ex. c1+ (Katro) ou d1 (Hoyito)
slash-board = Montrer le plateau de la partie d'ici, sa position et qui a le trait
slash-moves = Lister les coups légaux du joueur au trait
slash-resign = Abandonner la partie de ce salon
slash-hint = Le meilleur coup selon l'IA, et pourquoi (contre l'IA ; parties non classées si le salon le permet)
slash-analyze = Analyser une partie finie (par défaut la dernière d'ici) : chaque coup face à celui de l'IA
slash-history = Lister les dernières parties finies dans ce salon : identifiants, joueurs, résultats, dates
slash-replay = Le dernier coup de la partie de ce salon, pas à pas, en image animée
slash-rules = Un court résumé des règles du Katro ou du Hoyito I
slash-rules-game = katro ou hoyito ; les deux si vide
slash-help = Comment utiliser le bot : les commandes et ce qu'elles font
slash-draw = Proposer la nulle, ou accepter celle que votre adversaire propose
slash-abort = Annuler la partie avant que les deux camps aient joué : sans résultat, non classée
slash-claim = Réclamer la victoire quand l'échéance de votre adversaire est passée
slash-rematch = Redéfier votre dernier adversaire d'ici au même jeu, camps inversés
slash-mute = Arrêter les rappels de vos échéances
slash-unmute = Recevoir de nouveau les rappels de vos échéances
slash-set = Changer un réglage de ce salon (organisateurs) : autoforfeit, hints, pictures, view, theme, language
slash-set-setting = autoforfeit, hints, pictures (d'un coup), view (camp vu), theme, language, threads
slash-set-value = on|off ; pictures : frames|sheet|final|gif ; view : mover|south|north ; theme ; language
slash-rating = Montrer la cote Glicko-2 d'un joueur sur ce serveur (la vôtre si vide)
slash-rating-user = Le joueur ; vous si vide
slash-leaderboard = Montrer les meilleures cotes de ce serveur au Katro ou au Hoyito
slash-leaderboard-game = { slash-rules-game }
slash-tournament = Tournois : list, new, join, leave, start, pairings, standings, withdraw, cancel, info
slash-tournament-list = Lister les tournois de ce serveur
slash-tournament-new = Créer un tournoi (organisateurs)
slash-tournament-new-name = 1 à 24 lettres, chiffres, - ou _
slash-tournament-new-game = Le jeu : Katro 6x6, 4x6 ou 4x4, Hoyito 2x6 à 2x12, ou des matchs de Hoyito
slash-tournament-new-format = roundrobin, double (aller-retour), swiss (nombre de rondes), knockout ou arena
slash-tournament-new-rounds = Pour swiss : le nombre de rondes, de 1 à 20
slash-tournament-new-time = { slash-new-time }
slash-tournament-join = S'inscrire à un tournoi avant son début
slash-tournament-join-name = Le tournoi ; utile seulement si ce serveur en a plusieurs
slash-tournament-leave = Quitter un tournoi avant son début
slash-tournament-leave-name = { slash-tournament-join-name }
slash-tournament-start = Lancer un tournoi : apparier sa première ronde (organisateurs)
slash-tournament-start-name = { slash-tournament-join-name }
slash-tournament-pairings = Montrer les parties de la ronde en cours d'un tournoi
slash-tournament-pairings-name = { slash-tournament-join-name }
slash-tournament-standings = Montrer le classement d'un tournoi
slash-tournament-standings-name = { slash-tournament-join-name }
slash-tournament-withdraw = Retirer un joueur d'un tournoi (organisateurs, ou la personne concernée)
slash-tournament-withdraw-user = Le joueur
slash-tournament-withdraw-name = { slash-tournament-join-name }
slash-tournament-cancel = Annuler un tournoi (organisateurs)
slash-tournament-cancel-name = { slash-tournament-join-name }

## Choix des options slash qui sont des mots (1 à 100 caractères).

choice-katro-lone = katro lone (pas de graine seule, K11)
choice-level-1 = 1 débutant
choice-level-2 = 2 amateur
choice-level-3 = 3 club
choice-level-4 = 4 expert
choice-level-5 = 5 maître

## Usage : $usage est l'usage d'une commande avec le préfixe.

usage-time = TEMPS est un nombre d'heures ou de jours par coup, p. ex. `12h` ou `2d` (de 1 h à 30 j), ou `notime`
usage-games = JEU est katro, katro:4x6, katro:4x4 (ajoutez `lone` pour les pas de graine seule, K11), hoyito, hoyito:2xN (N de 6 à 12) ou `hoyito match`
usage-new = usage : `{ $usage }`, { usage-games } ; { usage-time }

## Erreurs de saisie.

parse-usage = usage : `{ $usage }`
parse-joined = { $error } ; { $usage }
parse-unknown-command = commande inconnue { $name } ; commandes : { $commands } (`{ $p }help` les explique)
parse-unknown-sub = { $sub } inconnu ; usage : `{ $usage }`
parse-no-args = `{ $command }` ne prend pas d'arguments (reçu { $words })
parse-time-bad = temps invalide { $word } ; { usage-time }
parse-time-range = le temps par coup { $word } est hors limites ; { usage-time }
parse-sow-hole = `{ $p }{ $name }` demande un trou : `{ $p }sow c1+` ou `{ $p }sow c1-` au Katro, `{ $p }sow d1` au Hoyito (`{ $p }moves` les liste)
parse-set-pictures = { $word } n'est pas un style d'images : frames, sheet, final ou gif
parse-set-view = { $word } n'est pas une vue : mover, south ou north
parse-set-theme = { $word } n'est pas un thème : light ou dark
parse-set-usage = usage : `{ $usage }` (autoforfeit on : une partie dont l'échéance passe ici est perdue d'office, off : l'adversaire peut faire `{ $p }claim` ; hints on : `{ $p }hint` dans les parties non classées d'ici ; pictures : chaque image, une planche, le plateau final avec le trajet du coup, ou un GIF ; view : plateaux vus du camp qui joue, du Sud ou du Nord ; theme : images claires ou sombres ; language : en, fr, es, ru, ou auto pour suivre la plateforme ; threads on : chaque nouvelle partie entre joueurs dans un salon à part ; web on : les parties, tournois et joueurs de cette communauté sur des pages web (index : les moteurs de recherche peuvent les référencer))
parse-rating-usage = usage : `{ $p }rating` (la vôtre) ou `{ $p }rating @joueur`
parse-rules-unknown = pas de règles pour { $word } : utilisez `{ $p }rules katro` ou `{ $p }rules hoyito`
parse-level-missing = `level` demande un nombre : les niveaux sont { $levels } ; p. ex. `{ $p }new katro ai level 3`
parse-level-range = le niveau d'IA { $level } n'existe pas : les niveaux sont { $levels }
parse-level-nan = `level` prend un nombre, pas { $word } : les niveaux sont { $levels }
parse-as-missing = `as` demande un camp, `south` ou `north` ; { $usage }
parse-as-twice = un seul camp, s'il vous plaît (`as south` ou `as north`) ; { $usage }
parse-as-bad = `as` prend `south` ou `north`, pas { $word } ; { $usage }
parse-match-katro = le jeu en match (M1-M4) n'existe qu'au Hoyito : `{ $p }new hoyito match`
parse-match-alone = `match` suit un jeu de Hoyito ; { $usage }
parse-rated-twice = `rated` ou `unrated` une seule fois, s'il vous plaît ; { $usage }
parse-time-twice = un seul temps par coup, s'il vous plaît ; { $usage }
parse-ai-twice = `ai` une seule fois, s'il vous plaît ; { $usage }
parse-level-without-ai = `level` suit `ai` : `{ $p }new katro ai level 3` ; { $usage }
parse-game-bad = { $error }, ou `hoyito match` ; usage : `{ $usage }`
parse-unexpected = { $word } inattendu ; { $usage }
parse-lone-twice = `lone` une seule fois, s'il vous plaît ; { $usage }
parse-lone-hoyito = les pas de graine seule (K11) sont une règle maison du Katro : `{ $p }new katro lone`
parse-lone-alone = `lone` suit un jeu de Katro : `{ $p }new katro lone` ; { $usage }
parse-one-opponent = un seul adversaire à la fois ; { $usage }
parse-ai-rated = les parties contre l'IA ne sont pas classées ; { $usage }
parse-player-and-ai = un seul adversaire à la fois : un joueur ou l'IA, pas les deux ; { $usage }
parse-mention-unknown = je n'ai pas reconnu la personne mentionnée ; mentionnez-la de façon que le chat lie son nom ; { $usage }
parse-tournament-name = nom de tournoi invalide { $word } : de 1 à 24 lettres, chiffres, `-` ou `_` ; { $usage }
parse-tournament-one-name = `{ $p }tournament { $sub }` prend au plus un nom ; { $usage }
parse-withdraw-user = `{ $p }tournament withdraw` demande le joueur : `{ $p }tournament withdraw @joueur [NOM]`
parse-tournament-new-args = `{ $p }tournament new` demande un nom, un jeu et une formule ; { $usage }
parse-tournament-match-katro = le jeu en match (M1-M4) n'existe qu'au Hoyito ; { $usage }
parse-tournament-unexpected = { $word } inattendu ; { usage-time } ; { $usage }
parse-too-many = trop de mots ; { $usage }
parse-swiss-rounds = `swiss` demande le nombre de rondes, de 1 à 20 (`swiss 5`) ; { $usage }
parse-format-unknown = formule inconnue { $word } : roundrobin, double, swiss RONDES, knockout ou arena DURÉE ; { $usage }
parse-format-missing = `{ $p }tournament new` demande une formule : roundrobin, double, swiss RONDES, knockout ou arena DURÉE ; { $usage }

## !rules : $p est le préfixe, $game le jeu pour s'entraîner.

rules-katro = Katro (Madagascar) : plateau 6x6 (aussi 4x6, 4x4), 2 graines par trou ; chaque joueur possède sa moitié (Sud : rangées 1-3). On ne sème que sur sa moitié, en serpentin : le long de sa rangée extérieure, retour par la suivante, et ainsi de suite jusqu'au départ (K2). On part de sa rangée la plus extérieure qui a des graines (K3), dans un sens ou l'autre, `+` vers sa droite ou `-` vers sa gauche (K4). Si la dernière graine tombe dans un trou occupé, on le vide et on continue de semer (relais, K6c). Si ce trou est dans sa rangée avant et que le trou de la rangée avant adverse dans la même colonne a des graines, on les prend et on les sème avec celles de son trou (K6b, K7). Un joueur sans coup perd (K9) ; une troisième répétition fait nulle (K10).
rules-katro-lone = Règle maison, choisie à la création de la partie (`{ $p }new katro lone`) : un joueur à qui il reste une seule graine peut l'avancer d'une rangée vers l'intérieur, tout droit ou en diagonale (`{ $p }sow b1^b2`), en prenant comme le ferait un semis (K11).
rules-hoyito = Hoyito I (République dominicaine) : 2 rangées de 6 (jusqu'à 12) trous, 4 graines chacun ; Sud possède la rangée 1. On vide un trou de sa rangée et on sème dans le sens inverse des aiguilles d'une montre sur tout le plateau (H2, H3). Tout trou qu'une graine semée porte à exactement quatre est une casa : on prend ces quatre aussitôt (H5, H6a). Une dernière graine dans un trou occupé fait relais (H6c) ; dans un trou vide, le coup finit (H6b). Quand il ne reste que quatre graines en jeu, ces quatre dernières reviennent à qui a pris en dernier (H7) ; qui a pris le plus de graines gagne (H8). Un match (M1-M4) regarnit chaque rangée avec les prises, ferme les trous non regarnis, et finit quand un joueur a moins de quatre graines, ou quand une partie commencerait comme une précédente (MX2) ; `first-to N` et `games N` se jouent en N victoires ou N parties (MX1).
rules-ai = Entraînez-vous contre l'IA : `{ $p }new { $game } ai level N` (de 1 débutant à 5 maître, partie non classée ; elle répond aussitôt à chaque coup).

## Discord : les notes du transport. $ahead est le nombre de parties qui attendent l'IA.

discord-thinking = { $ahead ->
    [0] Je réfléchis...
    [one] Je réfléchis... (1 partie avant dans la file de l'IA)
   *[other] Je réfléchis... ({ $ahead } parties avant dans la file de l'IA)
}
discord-failed = Désolé, cela a échoué du côté du bot.
discord-failed-retry = Désolé, cela a échoué du côté du bot. Veuillez réessayer.
discord-nothing = Rien à montrer.
discord-posted-in = Publié dans { $places }.
discord-file-too-large = ({ $file } n'est pas joint : { $size } Mio, et Discord accepte au plus { $max } Mio.)
discord-alt-cut = ... (texte complet dans { $file })
discord-alt-file = Texte alternatif du fichier { $file }
discord-closed-gone = ce salon n'existe plus
discord-closed-no-access = le bot ne voit pas ce salon (il lui faut la permission Voir le salon)
discord-closed-locked = le fil est verrouillé
discord-not-posted = (Impossible de publier dans { $place } : { $why }.)
discord-not-posted-failed = (Impossible de publier dans { $place } ; Discord l'a refusé.)
discord-threads-full = { $organizer } : le serveur a atteint la limite de fils actifs de Discord, le fil pour { $room } n'a pas pu être ouvert. Sa partie commence dès qu'un fil peut être ouvert : archivez les fils terminés pour faire de la place.

## takeback and vacation
help-takeback-0 = reprendre votre dernier coup (parties non classées ; l'adversaire accepte)
slash-takeback = Reprendre votre dernier coup : parties non classées, ou l'IA jusqu'au niveau 3
help-vacation-0 = suspendre vos pendules par correspondance quelques jours, reprendre, ou voir ce qui reste
slash-vacation = Suspendre quelques jours vos pendules des parties non classées par correspondance
slash-vacation-days = Jours, p. ex. 7d ; off met fin aux vacances ; vide : ce qui reste
parse-vacation = `{ $p }vacation` prend un nombre de jours de 1d à { $max }d, ou `off` (reçu { $got })

## Live clocks, match lengths, !resign game|match

parse-live-bad = { $word } n'est pas une pendule : des minutes de réserve, puis `+` et des secondes par coup, p. ex. `5m+3s`, `3+2` ou `10m` (de 1 à 180 min, de 0 à 60 s)
parse-live-range = la pendule { $word } est hors limites : la réserve va de 1 à 180 minutes, l'incrément de 0 à 60 secondes (p. ex. `5m+3s`, `3+2`, `10m`)
parse-clock-twice = une seule cadence, s'il vous plaît : un temps par coup (`12h`, `2d`, `notime`) ou une pendule (`5m+3s`), pas les deux ; { $usage }
parse-ai-live = les pendules sont pour les parties entre joueurs ; contre l'IA, donnez un temps par coup ou rien ; { $usage }
parse-length-number = { $word } attend un nombre de parties de 1 à 20, pas { $got } (p. ex. `first-to 3` ou `games 5`) ; { $usage }
parse-length-twice = une seule durée de match, s'il vous plaît (`first-to N` ou `games N`) ; { $usage }
parse-resign-usage = `{ $p }resign` prend `game` ou `match` (dans un match), pas { $words }
slash-resign-what = Dans un match : seulement la partie en cours, ou tout le match
parse-length-missing = { $word } attend un nombre de parties de 1 à 20 (p. ex. `first-to 3` ou `games 5`) ; { $usage }

## archive
help-games-0 = vos parties ici : en cours, puis les dernières finies
help-game-0 = une partie par son identifiant, depuis n'importe quel salon
help-record-0 = les coups de la partie d'ici, ou de la partie ID
slash-analyze-id = L'identifiant de la partie (voir `!games`, `!history`) ; par défaut la dernière d'ici
slash-games = Lister vos parties dans cette communauté : en cours d'abord, puis les dernières finies
slash-game = Afficher une partie par son identifiant, depuis n'importe quel salon de cette communauté
slash-game-id = L'identifiant de la partie, p. ex. k7m2q9xd (tel que `!games` ou `!history` l'affichent)
slash-record = Afficher la feuille de la partie d'ici, ou de la partie de cet identifiant
slash-record-id = L'identifiant de la partie ; par défaut celle de ce salon
## notify
help-notify-0 = comment le bot vous signale votre tour : message privé, mention, rien, ou un résumé quotidien
slash-notify = Choisir comment le bot vous signale votre tour
slash-notify-mode = dm, mention, off ou digest ; le mode actuel si vide

## tournament organizer tools
help-tournament-adjudicate = termine une partie avec un résultat (organisation) ; GAME est son identifiant ou sa table dans la ronde en cours, le motif est obligatoire
help-tournament-extend = plus de temps pour le coup en cours d'une partie, par ex. `24h` (de 1 min à 30 jours ; organisation)
help-tournament-pause = arrête toutes les pendules du tournoi (organisation)
help-tournament-resume = les relance avec le temps qui restait à chacun (organisation)
help-tournament-next-round = clôt la ronde en cours ; avec `adjudicate`, ses parties inachevées sont tranchées : le plus de graines capturées gagne (organisation)
help-tournament-kick = retire un joueur ou une joueuse, avec un motif (organisation)
help-tournament-checkin = confirme sa présence avant le début ; `open` ouvre l'enregistrement, pour une durée si elle est donnée (organisation) : au début, qui n'a pas confirmé est retiré
help-tournament-log = ce qu'a fait l'organisation, le plus récent d'abord
slash-tournament-adjudicate = Terminer une partie de tournoi avec un résultat (organisation)
slash-tournament-adjudicate-game = L'identifiant de la partie, ou son numéro de table dans la ronde en cours
slash-tournament-adjudicate-result = south, north, draw, ou le nom de qui gagne
slash-tournament-adjudicate-reason = Pourquoi (obligatoire ; visible de tous)
slash-tournament-extend = Accorder plus de temps pour le coup en cours d'une partie (organisation)
slash-tournament-extend-game = { slash-tournament-adjudicate-game }
slash-tournament-extend-duration = Combien de plus : 30m, 24h, 2d (de 1 min à 30 jours)
slash-tournament-pause = Arrêter toutes les pendules d'un tournoi (organisation)
slash-tournament-pause-name = { slash-tournament-join-name }
slash-tournament-resume = Relancer les pendules d'un tournoi en pause (organisation)
slash-tournament-resume-name = { slash-tournament-join-name }
slash-tournament-next-round = Clore la ronde en cours (organisation)
slash-tournament-next-round-adjudicate = Trancher maintenant ses parties inachevées (le plus de graines capturées gagne)
slash-tournament-next-round-name = { slash-tournament-join-name }
slash-tournament-kick = Retirer quelqu'un d'un tournoi (organisation)
slash-tournament-kick-user = La personne
slash-tournament-kick-name = { slash-tournament-join-name }
slash-tournament-kick-reason = Pourquoi (visible de tous)
slash-tournament-checkin = Confirmer sa présence avant le début d'un tournoi ; l'organisation ouvre l'enregistrement
slash-tournament-checkin-open = Organisation : ouvrir l'enregistrement de présence
slash-tournament-checkin-duration = Organisation : fermer l'enregistrement après cette durée, par ex. 30m
slash-tournament-checkin-name = { slash-tournament-join-name }
slash-tournament-log = Voir ce qu'a fait l'organisation d'un tournoi
slash-tournament-log-name = { slash-tournament-join-name }
parse-duration = durée invalide { $word } : un nombre suivi de m, h ou d (30m, 24h, 2d), de 1 minute à 30 jours
parse-game-ref = partie invalide { $word } : donnez son identifiant ou son numéro de table dans la ronde en cours ; { $usage }
parse-adjudicate-args = `adjudicate` demande une partie, un résultat et un motif ; { $usage }
parse-adjudicate-reason = une décision demande un motif, visible de tous ; { $usage }
parse-extend-args = `extend` demande une partie et une durée ; { $usage }
parse-kick-user = `kick` demande la personne, en mention ; { $usage }
parse-checkin-open = pour ouvrir l'enregistrement de présence pour une durée, écrivez `open` avant la durée ; { $usage }
## tournament results, formats and info
help-tournament-new = nulles à élimination : `rematch` (défaut : revanche camps inversés, puis décisives) ou `seed` (meilleure tête de série) ; `accelerated` : ronde 1 en deux groupes
help-tournament-info = formule, temps, départages et règles d'un tournoi
slash-tournament-new-tiebreak = Nulles en élimination : rematch (défaut : revanche, puis décisives) ou seed
slash-tournament-new-pairing = Pour swiss : accelerated fait jouer la moitié haute entre elle en ronde 1
slash-tournament-info = Comment se joue un tournoi : formule, temps, départages, règles
slash-tournament-info-name = { slash-tournament-join-name }
parse-tournament-one-tiebreak = un seul départage d'élimination directe, s'il vous plaît : `rematch` ou `seed` ; { $usage }
parse-tournament-option-for = { $word } est une option de `{ $format }` seulement ; { $usage }
slash-tournament-new-window = Pour arena : durée des appariements, p. ex. 90m, 2h, 1d (10m à 7d)
parse-arena-window = `arena` demande sa durée, de 10 minutes à 7 jours (`arena 90m`, `arena 2h`) ; { $usage }

## puzzles (issue 32)
help-puzzle-0 = un problème proche de votre classement de problèmes sur ce plateau (par défaut : le jeu d'ici) ; répondez avec `{ $p }sow`
help-puzzle-1 = le problème du jour, le même pour tout le monde (UTC)
help-puzzle-2 = abandonner votre problème en cours (compté comme échoué une fois que vous avez joué)
help-puzzle-3 = classement de problèmes, problèmes résolus et échoués, séries
slash-puzzle = Un problème proche de votre classement : trouvez le meilleur coup, répondez avec /sow
slash-puzzle-what = Un plateau, ou daily (le problème du jour), stats, skip ou hint
slash-puzzle-user = Avec stats : le bilan de qui (le vôtre si vide)
parse-puzzle-word = { $word } n'est ni un plateau ni `daily`, `skip`, `hint` ou `stats` ; usage : `{ $usage }`
parse-puzzle-extra = trop de mots : { $words } ; usage : `{ $usage }`
parse-puzzle-who = impossible de savoir de qui il s'agit ; usage : `{ $usage }`
help-puzzle-4 = le trou d'où part votre prochain coup (le problème ne compte alors plus)
