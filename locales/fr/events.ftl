# events : tournois, classements Elo et palmarès, réglages du salon, limites et pannes
# du stockage.

## Comptes

tournament-players = { $count ->
    [one] { $count } joueur
   *[other] { $count } joueurs
}
tournament-rounds = { $count ->
    [one] { $count } ronde
   *[other] { $count } rondes
}

## Formules et étapes

tournament-format-round-robin = toutes rondes
tournament-format-swiss = système suisse, { $count ->
    [one] { $count } ronde
   *[other] { $count } rondes
}
tournament-format-knockout = élimination directe
tournament-phase-registration = inscriptions ouvertes
tournament-phase-running = ronde { $round }
tournament-phase-finished = terminé
tournament-phase-cancelled = annulé

## Qui peut organiser

tournament-organizers-create = seuls les organisateurs ({ $organizers }) peuvent créer un tournoi
tournament-organizers-start = seuls les organisateurs ({ $organizers }) peuvent lancer un tournoi
tournament-organizers-cancel = seuls les organisateurs ({ $organizers }) peuvent annuler un tournoi

## Trouver le tournoi voulu

tournament-unknown = il n'y a pas de tournoi `{ $name }` ici ; `{ $p }tournament` les liste
tournament-none-live = aucun tournoi n'est ouvert ou en cours ici ; un organisateur en crée un avec `{ $p }tournament new NOM JEU roundrobin|double|swiss RONDES|knockout|arena DURÉE [TEMPS]`
tournament-wrong-stage = aucun tournoi ici n'en est à cette étape ({ $list }) ; `{ $p }tournament` les liste
tournament-several = plusieurs tournois conviennent ({ $list }) ; nommez-en un, par ex. `{ $p }tournament { $usage } { $first }`
tournament-gone = le tournoi n'existe plus
tournament-not-started = { $name } n'a pas encore commencé : { $count ->
    [0] personne ne s'est inscrit
    [one] { $count } joueur s'est inscrit
   *[other] { $count } joueurs se sont inscrits
} pour l'instant ; un organisateur le lance avec `{ $p }tournament start { $name }`
tournament-running = { $name } est en cours (ronde { $round }) : les inscriptions sont closes ; `{ $p }tournament pairings { $name }` montre la ronde en jeu
tournament-over-refusal = { $name } est terminé ; `{ $p }tournament standings { $name }` montre le classement final
tournament-was-cancelled = { $name } a été annulé

## Les commandes

tournament-list-empty = Pas encore de tournoi ici. Organisateurs : `{ $p }tournament new NOM JEU roundrobin|double|swiss RONDES|knockout|arena DURÉE [TEMPS]`.
tournament-list = Tournois :
tournament-created = Tournoi { $name } créé : { $kind }, { $format }, { $time }. Les inscriptions sont ouvertes : `{ $p }tournament join { $name }` ; un organisateur le lance avec `{ $p }tournament start { $name }`.
tournament-per-move = { $duration } par coup
tournament-no-time-limit = sans limite de temps
tournament-joins = { $player } rejoint { $name } ({ $players }).
tournament-leaves = { $player } quitte { $name }.
tournament-started = { $name } commence : { $players }, { $format }. Têtes de série : { $seeds }.
tournament-withdraw-others = seuls les organisateurs peuvent retirer un autre joueur ; vous pouvez vous retirer vous-même
tournament-withdrawn = { $player } quitte le tournoi { $name } (retrait).
tournament-withdrawn-resigned = { $player } quitte le tournoi { $name } (retrait) : sa partie en cours est abandonnée en son nom.
tournament-cancelled = Le tournoi { $name } est annulé.
tournament-cancelled-aborted = Le tournoi { $name } est annulé ; { $count ->
    [one] { $count } partie en cours a été interrompue
   *[other] { $count } parties en cours ont été interrompues
}.

## Refus des décisions

tournament-name-taken-running = un tournoi nommé `{ $name }` est déjà en cours ici ; choisissez un autre nom
tournament-name-taken-open = un tournoi nommé `{ $name }` est déjà ouvert ici ; choisissez un autre nom
tournament-closed-started = les inscriptions à { $name } sont closes : il a commencé
tournament-closed-ended = les inscriptions à { $name } sont closes : il est terminé
tournament-already-in = vous participez déjà à { $name }
tournament-full = { $name } est complet ({ $count ->
    [one] { $count } joueur
   *[other] { $count } joueurs
})
tournament-leave-started = { $name } a commencé ; demandez à un organisateur `{ $p }tournament withdraw @votre_nom`
tournament-not-in = vous ne participez pas à { $name }
tournament-already-started = { $name } a déjà commencé
tournament-too-few = { $name } demande au moins 2 joueurs pour commencer (inscriptions : { $count })
tournament-player-not-in = { $player } ne participe pas à { $name }
tournament-already-withdrawn = { $player } a déjà quitté le tournoi
tournament-is-over = { $name } est terminé
tournament-already-cancelled = { $name } est déjà annulé
tournament-already-over = { $name } est déjà terminé
tournament-game-resigned = { $player } quitte le tournoi (retrait) : la partie est abandonnée.

## Appariements, résultats et rondes

tournament-not-started-yet = { $name } n'a pas encore commencé.
tournament-pairings-title = { $name }, ronde { $round } :
tournament-bye = { $board }. { $player } : exemption
tournament-playing-in = se joue dans #{ $room }
tournament-waiting-room = attend son salon
tournament-pairing = { $board }. { $south } (Sud) contre { $north } (Nord) : { $result }{ $forfeit ->
    [yes] {" (forfait)"}
   *[no] {""}
}
tournament-game-opened = Tournoi { $name }, ronde { $round }, table { $board } : { $kind }, { $players }. { $line }
tournament-result = { $name }, ronde { $round }, table { $board } : { $south } { $score } { $north }.
tournament-round-begins = Tournoi { $name } : la ronde { $round } commence.
tournament-over = Le tournoi { $name } est terminé.
tournament-over-winner = Le tournoi { $name } est terminé : { $winner }.

## Classement

tournament-registered = { $name } n'a pas commencé ; inscriptions : { $players }.
tournament-registered-nobody = personne pour l'instant
tournament-when-first = ronde { $round } en jeu
tournament-when-between = après la ronde { $done }, ronde { $round } en jeu
tournament-when-after = après la ronde { $done }
tournament-standings-title = Classement du tournoi { $name }, { $when } :
tournament-standings-title-final = Classement du tournoi { $name }, { $when } (final) :
tournament-standings-title-cancelled = Classement du tournoi { $name }, { $when } (annulé) :
tournament-standing = { $rank } { $player } { $points } { $points ->
    [one] pt
   *[other] pts
} ({ $won }-{ $drawn }-{ $lost }), Buchholz { $buchholz }, SB { $sb }
tournament-standing-knockout = { $rank } { $player } : { $result }
tournament-withdrawn-mark = (retrait)
tournament-forfeit-mark = (forfait)
tournament-winner = { $winner } gagne
tournament-winner-final = { $winner } remporte { $round } contre { $other }

## Rondes d'une élimination directe

tournament-stage-final = la finale (ronde { $round })
tournament-stage-semi = la demi-finale (ronde { $round })
tournament-stage-quarter = le quart de finale (ronde { $round })
tournament-stage-round = la ronde { $round }
tournament-ko-won = a remporté { $stage }
tournament-ko-lost = a perdu { $stage }
tournament-ko-lost-in = élimination : { $stage }
tournament-ko-in = en lice pour { $stage }

## Images du classement

tournament-table-standings = Classement du tournoi { $name }
tournament-table-crosstable = Grille du tournoi { $name }
tournament-col-player = Joueur
tournament-col-result = Résultat
tournament-col-points = Points
tournament-col-wdl = G-N-P
tournament-col-buchholz = Buchholz
tournament-col-sb = SB

## Classements Elo

rating-games = { $count ->
    [one] { $count } partie
   *[other] { $count } parties
}
rating-line = { $game } { $rating }{ $provisional ->
    [yes] {" provisoire"}
   *[no] {""}
} ({ $games } : { $won ->
    [one] { $won } gagnée
   *[other] { $won } gagnées
}, { $drawn ->
    [one] { $drawn } nulle
   *[other] { $drawn } nulles
}, { $lost ->
    [one] { $lost } perdue
   *[other] { $lost } perdues
}{ $last })
rating-last-change = , dernière variation { $change }
rating-unrated = { $game } sans cote
rating-summary = { $player } : { $katro } ; { $hoyito }.
rating-chart-title = { $player } : historique de la cote
rating-chart-steps = parties classées
rating-chart-band = écart de cote
leaderboard-empty = { $game } : pas encore de partie classée.
leaderboard-title = Meilleures cotes, { $game } (? = provisoire) :

## Réglages du salon

settings-theme = Les images du plateau sont dessinées ici dans le thème { $theme ->
    [dark] sombre
   *[light] clair
}.
settings-pictures-frames = Les coups sont montrés ici image par image (en planche-contact quand il y en a beaucoup).
settings-pictures-sheet = Les coups sont montrés ici en une planche-contact de leurs images, puis le plateau final.
settings-pictures-final = Les coups sont montrés ici par le seul plateau final, avec le trajet du coup dessiné dessus.
settings-pictures-gif = Les coups sont montrés ici en GIF animé.
settings-view-mover = Les plateaux des parties entre deux personnes sont dessinés ici du côté du joueur qui a joué (parties contre l'IA : du côté de l'humain).
settings-view-south = Les plateaux des parties entre deux personnes sont dessinés ici du côté de Sud (parties contre l'IA : du côté de l'humain).
settings-view-north = Les plateaux des parties entre deux personnes sont dessinés ici du côté de Nord (parties contre l'IA : du côté de l'humain).

## Limites et pannes

limit-user-throttled = vous envoyez des commandes plus vite que le bot ne les prend ; rien n'a été changé. Réessayez dans { $secs } s.
limit-channel-throttled = ce salon envoie des commandes plus vite que le bot ne les prend ; rien n'a été changé. Réessayez dans { $secs } s.
channel-id-refused = le bot ne garde aucune partie dans ce salon : { $fault }
limit-command-too-long = cette commande fait { $len ->
    [one] { $len } caractère
   *[other] { $len } caractères
} ; une commande fait au plus { $max ->
    [one] { $max } caractère
   *[other] { $max } caractères
}
busy-retry = trop de commandes à la fois dans ce salon ; rien n'a été changé, réessayez
store-failed = le stockage des parties a échoué, rien n'a été changé : { $error }
store-not-answering = le stockage des parties ne répond pas pour le moment ; rien n'a été changé, réessayez dans une minute (les détails sont dans le journal du bot)
store-disk-full = le stockage des parties ne peut rien enregistrer pour le moment : le disque du serveur est plein ou en lecture seule. Rien n'a été changé ; réessayez quand l'hébergeur aura libéré de la place

## Erreurs de saisie (la raison vient des règles, en anglais)

input-bad-hole = trou invalide { $typed } : { $reason } ; attendu : une lettre de colonne et un numéro de rangée, comme `c1`
input-bad-katro-move = coup invalide { $typed } : { $reason } ; attendu : un trou et une direction, comme `c1+` ou `c1-` (`c1` seul veut dire +)
input-bad-hoyito-move = coup invalide { $typed } : { $reason } ; attendu : un trou de votre rangée, comme `d1`
input-bad-game = jeu invalide { $typed } : { $reason } ; attendu : `katro`, `katro:4x6`, `katro:4x4`, `hoyito` ou `hoyito:2xN` avec N de 6 à 12
input-bad-position = position invalide { $typed } : { $reason } ; attendu : `JEU/RANGÉE1/.../RANGÉEn TRAIT [S N]`, par ex. `hoyito/4,4,4,4,4,4/4,4,4,4,4,4 s 0 0`
input-reason-empty = coup vide
input-reason-not-a-hole = { $text } n'est pas un trou
input-reason-off-board = { $hole } est hors du plateau { $game } (colonnes a-{ $last }, rangées 1-{ $rows })
input-reason-hoyito-step = le Hoyito n'a pas de pas de graine seule
input-reason-two-directions = une seule direction : `+` ou `-` après le trou
input-reason-hoyito-direction = un coup de Hoyito n'a pas de direction
input-reason-katro-size = les plateaux de Katro sont 6x6, 4x6 et 4x4
input-reason-hoyito-size = les plateaux de Hoyito sont 2xN
input-reason-katro-board = les plateaux de Katro sont 6x6, 4x6 et 4x4 (K1), pas { $rows }x{ $cols }
input-reason-hoyito-board = les plateaux de Hoyito ont 6 à 12 trous par rangée (H1), pas { $cols }
input-reason-unknown-game = jeu inconnu

## threads
settings-threads-on = Désormais, chaque nouvelle partie entre joueurs lancée ici se joue dans un salon à part que j'ouvre (un fil sur Discord) : ce salon peut accueillir plusieurs parties. `{ $p }set threads off` revient à une partie par salon.
settings-threads-off = Désormais, les parties lancées ici se jouent dans ce salon, une à la fois.

## tournament organizer tools
tournament-organizer-only = seule l'organisation de { $name } ({ $organizer }, ou le rôle d'organisation) peut faire cela
tournament-org-not-started = { $name } n'a pas commencé
tournament-no-board = { $name } n'a pas de table { $board } dans sa ronde en cours
tournament-no-game = { $name } n'a pas de partie `{ $id }`
tournament-no-game-here = aucun tournoi d'ici n'a de partie `{ $id }`
tournament-game-bye = la ronde { $round }, table { $board } est une exemption : il n'y a pas de partie
tournament-game-over = la partie de la ronde { $round }, table { $board } est déjà terminée ({ $score })
tournament-adjudicate-who = { $player } ne joue pas cette partie : indiquez south, north, draw, ou l'un de ses deux joueurs
tournament-game-ended = cette partie n'est plus en cours
tournament-game-not-open = la partie de la ronde { $round }, table { $board } n'a pas encore commencé
tournament-act-failed = impossible pour l'instant (trop de changements à la fois) ; réessayez
tournament-adjudicated = { $by } tranche { $name } ronde { $round }, table { $board } : { $south } { $score } { $north }. Motif : { $reason }
tournament-extend-no-clock = les parties de { $name } n'ont pas de limite de temps
tournament-extend-late = le délai de la ronde { $round }, table { $board } est déjà dépassé : la partie est perdue au temps
tournament-extended = { $by } accorde du temps dans { $name } ronde { $round }, table { $board } : { $duration }. { $line }
tournament-already-paused = { $name } est déjà en pause
tournament-not-paused = { $name } n'est pas en pause
tournament-paused = { $name } est mis en pause par { $by } : toutes les pendules sont arrêtées, aucun délai ne court et aucune ronde n'est appariée avant `{ $p }tournament resume`. On peut encore jouer des coups ; la pendule ne tourne pas.
tournament-resumed = { $name } reprend ({ $by }, après une pause de { $duration }) : chaque pendule repart avec le temps qui restait à son joueur.
tournament-room-paused = { $name } est en pause. { $line }
tournament-room-resumed = { $name } reprend. { $line }
tournament-rule = partie inachevée : le camp qui a capturé le plus de graines gagne (un match : d'abord le plus de parties gagnées), à égalité c'est nulle
tournament-next-paused = { $name } est en pause : d'abord `{ $p }tournament resume`
tournament-next-unfinished = la ronde { $round } de { $name } a { $count ->
    [one] { $count } partie inachevée (table { $boards })
   *[other] { $count } parties inachevées (tables { $boards })
} : la ronde suivante commence quand elles se terminent, ou `{ $p }tournament next-round adjudicate` les tranche maintenant (le plus de graines capturées gagne, un match : d'abord le plus de parties gagnées ; à égalité c'est nulle)
tournament-round-closed = La ronde { $round } de { $name } est close.
tournament-round-closed-rule = La ronde { $round } de { $name } est close par l'organisation : { $count ->
    [one] { $count } partie inachevée (table { $boards }) est tranchée
   *[other] { $count } parties inachevées (tables { $boards }) sont tranchées
} selon la règle : { $rule }.
tournament-kicked = { $player } est retiré·e de { $name } par { $by }.
tournament-kicked-why = { $player } est retiré·e de { $name } par { $by }. Motif : { $reason }
tournament-checkin-started = l'enregistrement de présence se fait avant le début, et { $name } a commencé
tournament-checkin-not-open = l'enregistrement de présence pour { $name } n'est pas ouvert (l'organisation l'ouvre : `{ $p }tournament checkin open [DURÉE]`)
tournament-checkin-closed = l'enregistrement de présence pour { $name } a fermé { $time }
tournament-checked-in-already = votre présence est déjà enregistrée pour { $name }
tournament-checked-in = { $player } confirme sa présence pour { $name } ({ $count } sur { $players }).
tournament-checkin-open = L'enregistrement de présence pour { $name } est ouvert : joueurs et joueuses, `{ $p }tournament checkin`. Au début, qui ne l'a pas fait est retiré du tournoi.
tournament-checkin-open-until = L'enregistrement de présence pour { $name } est ouvert jusqu'à { $time } : joueurs et joueuses, `{ $p }tournament checkin`. Au début, qui ne l'a pas fait est retiré du tournoi.
tournament-no-shows = { $count ->
    [one] Présence non confirmée, retiré de { $name } : { $players }.
   *[other] Présence non confirmée, retirés de { $name } ({ $count }) : { $players }.
}
tournament-log-empty = { $name } : aucune action de l'organisation pour l'instant
tournament-log-head = Journal de l'organisation de { $name } ({ $count ->
    [one] { $count } entrée
   *[other] { $count } entrées
}, la plus récente d'abord) :
tournament-log-line = { $time } { $by } : { $what }
tournament-log-older = … et { $count } plus anciennes
tournament-log-started = a lancé le tournoi
tournament-log-cancelled = a annulé le tournoi
tournament-log-adjudicated = a tranché la ronde { $round }, table { $board } : { $score } ({ $reason })
tournament-log-extended = a accordé { $duration } de plus à la ronde { $round }, table { $board }
tournament-log-paused = a mis le tournoi en pause
tournament-log-resumed = a repris le tournoi après { $duration }
tournament-log-round-closed = a clos la ronde { $round } ({ $count ->
    [one] { $count } partie tranchée
   *[other] { $count } parties tranchées
})
tournament-log-kicked = a retiré { $player }
tournament-log-kicked-why = a retiré { $player } ({ $reason })
tournament-log-checkin = a ouvert l'enregistrement de présence
tournament-log-checkin-until = a ouvert l'enregistrement de présence jusqu'à { $time }
tournament-log-no-shows = a retiré { $count ->
    [one] une personne absente
   *[other] { $count } personnes absentes
} : { $players }
tournament-phase-paused = ronde { $round }, en pause
tournament-board-which = plusieurs tournois sont en cours ({ $list }) : pour désigner la table { $board }, écrivez la commande dans le salon de la partie, ou donnez l'identifiant de la partie
## tournament results, formats and info
tournament-format-double = toutes rondes aller-retour
tournament-accelerated-word = accéléré
tournament-ties-rematch = une partie nulle est suivie d'une deuxième partie, camps inversés ; si elle est nulle aussi, de parties décisives à la moitié du temps par coup (1 h au moins), camps inversés à chaque fois ; après une troisième partie décisive nulle, la meilleure tête de série passe
tournament-ties-seed = une partie nulle qualifie la meilleure tête de série
tournament-info-ties = Parties nulles en élimination directe (`rematch`|`seed`, choisi à la création) : { $rule }.
tournament-info-accelerated = Ronde 1 accélérée : la moitié la mieux classée joue entre elle, l'autre moitié aussi.
tournament-info-head = Tournoi { $name } : { $kind }, { $format }, { $time }.
tournament-info-who = Organisé par { $organizer } ; { $phase }, { $players }.
tournament-info-standings = Classement : points (victoire 1, nulle ½), puis Buchholz, puis Sonneborn-Berger ; à égalité sur les trois, même rang ; les joueurs retirés sont classés en dernier.
tournament-info-standings-swiss = Classement : points (victoire 1, nulle ½, exempt 1 à la fin de sa ronde), puis Buchholz, puis Sonneborn-Berger ; à égalité sur les trois, même rang ; les joueurs retirés sont classés en dernier.
tournament-info-standings-knockout = Classement : selon le tour atteint ; les joueurs éliminés au même tour partagent le rang ; les joueurs retirés sont classés en dernier.
tournament-info-rules = Règles : parties classées ; un délai dépassé perd la partie ; ni conseils, ni reprises, ni abandon de partie sans résultat ; les règles du jeu : `{ $p }rules { $game }`.
tournament-tie-rematch = Table { $board } nulle : { $south } et { $north } jouent une deuxième partie, camps inversés ({ $south } a le Sud).
tournament-tie-decider = Table { $board } encore nulle : { $south } et { $north } jouent la partie décisive { $n } à { $time } ({ $south } a le Sud).
tournament-tie-seed = Table { $board } nulle : { $winner } passe en tant que meilleure tête de série ({ $rule }).
tournament-tie-seed-rule = règle de départage du tournoi
tournament-tie-seed-cap = { $drawn ->
    [one] { $drawn } partie nulle
   *[other] { $drawn } parties nulles
}, la limite de la règle de départage
tournament-by-rule = { $result } (meilleure tête de série, par la règle de départage)
settings-tournament-clock = ce salon est une salle du tournoi { $name } : sa cadence s'applique ({ $time }), et un délai dépassé fait toujours perdre une partie de tournoi ; `{ $p }set autoforfeit` vaut pour les parties hors tournoi, réglez-le dans un autre salon
settings-tournament-hints = ce salon est une salle du tournoi { $name } : les parties de tournoi n'ont jamais de conseils, `{ $p }set hints` est donc refusé ici
tournament-format-arena = arène, { $duration }
tournament-info-arena = Arène : les joueurs libres sont appariés entre eux aussitôt, pendant { $duration } à partir du début ; les parties en cours à la fin vont à leur terme.
tournament-info-arena-until = Arène : les joueurs libres sont appariés entre eux aussitôt, jusqu'au { $end } ; les parties alors en cours vont à leur terme.
tournament-info-standings-arena = Classement : points d'arène : victoire 2, nulle 1 ; après deux victoires d'affilée, chaque victoire compte 4 jusqu'à une partie non gagnée ; à égalité de points, même rang ; les joueurs retirés sont classés en dernier.
tournament-arena-title = Parties en cours de l'arène { $name } (nouveaux appariements jusqu'au { $end }) :
tournament-arena-game = { $south } (Sud) contre { $north } (Nord) : { $place }
tournament-arena-none = aucune pour l'instant
tournament-arena-paired = Arène { $name } : nouvelles parties.
tournament-standing-arena = { $rank } { $player } { $points } { $points ->
    [one] pt
   *[other] pts
} ({ $won }-{ $drawn }-{ $lost }){ $streak ->
    [yes] , en série
   *[no] {""}
}
tournament-game-second = Deuxième partie de cette table, après une nulle : les camps sont inversés.
tournament-game-decider = Partie décisive { $n } de cette table, après des nulles : { $time }, camps inversés.
tournament-phase-arena = parties en cours
tournament-when-arena = après { $count ->
    [one] { $count } partie
   *[other] { $count } parties
}
tournament-over-shared = Le tournoi { $name } est terminé : { $players } partagent la première place, à égalité de points et de départages.
