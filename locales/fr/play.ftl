# play
# Words (src/core/text/mod.rs)
side-south = Sud
side-north = Nord
game-kind = { $game } { $rows }x{ $cols }{ $lone ->
    [yes] {" "}avec pas d'une graine seule
   *[no] {""}
}{ $is_match ->
    [yes] {" "}en match
   *[no] {""}
}
move-summary = { $player } ({ $side }) a semé { $mv } : { $parts }.
move-laps = { $count ->
    [one] { $count } tour
   *[other] { $count } tours
}
move-captured = a pris { $taken } en { $target }
move-casas = a pris { $seeds } dans { $count ->
    [one] la casa
   *[other] les casas
} en { $at }
move-form-katro = `{ $prefix }sow TROU+` ou `{ $prefix }sow TROU-`
move-form-hoyito = `{ $prefix }sow TROU`
move-event-relay = relais de { $lifted } depuis { $hole }
move-event-capture = prise de { $taken } en { $target } depuis { $hole }
move-event-casa = casa en { $hole }
move-event-last-four = les quatre dernières
move-event-pass = { $side } passe
move-event-stop = arrêt en { $hole }
move-error-game-over = la partie est terminée
move-error-off-board = { $hole } n'est pas sur ce plateau
move-error-not-your-hole = { $hole } n'est pas un trou de { $side } ; { $side } ne sème que depuis son propre camp
move-error-closed = { $hole } est fermé pour cette partie (M2) et ne peut pas être joué
move-error-empty = { $hole } est vide ; choisissez un trou qui a des graines
move-error-wrong-row = { $hole } n'est pas dans votre rangée la plus extérieure ayant des graines (K3) : jouez depuis la rangée { $row }
move-error-endless = { $mv } est un coup sans fin : son semis ne s'arrête pas en { $laps } tours (K8/H9)
move-error-step-one-seed = un pas d'une graine seule (K11) demande exactement une graine dans votre camp
move-error-step-inward = un pas d'une graine seule (K11) avance d'une rangée vers l'intérieur, tout droit ou en diagonale
move-error-no-steps = les pas d'une graine seule (K11) ne se jouent pas dans cette partie
move-error-katro-form = un coup de Katro est un trou et une direction, comme c1+
move-error-hoyito-form = un coup de Hoyito est un trou, comme d1
result-ongoing = La partie continue.
result-win = { $player } ({ $side }) gagne : { $reason }.
result-draw = Nulle : { $reason }.
result-reason-no-legal-move = aucun coup légal (K9)
result-reason-repetition = troisième répétition (K10/H10)
result-reason-stalemate = aucun joueur ne peut jouer (H10)
result-reason-all-captured = toutes les graines prises (H7/H8)
result-reason-resignation = abandon
result-captured = Prises : Sud { $south }, Nord { $north }.
clock-hours = { $count } h
clock-minutes = { $count } min
clock-seconds = { $count } s
clock-after-max = après le 9999-12-31
# Games (src/core/games.rs)
game-someone = quelqu'un
game-challenge-open-here = le défi de { $who } en { $kind } est ouvert ici ; une partie par salon : `{ $p }accept` ou `{ $p }decline` d'abord
game-in-play-here = une partie de { $kind } est en cours ici ({ $players }) ; une partie par salon : finissez-la ou `{ $p }resign`, ou jouez dans un autre salon
game-challenge-self = vous ne pouvez pas vous défier vous-même ; mentionnez un autre joueur, ou n'en nommez aucun pour que n'importe qui puisse `{ $p }accept`
game-terms-plays = { $player } joue { $side }
game-terms-random-sides = camps tirés au sort
game-terms-per-move = , { $time } par coup
game-terms-no-limit = , sans limite de temps
game-terms-unrated = , sans classement
game-challenge = { $player } défie { $opponent } en { $kind } ({ $terms }). { $opponent } : `{ $p }accept` ou `{ $p }decline` (expire dans { $expires }).
game-button-accept = Accepter
game-button-decline = Refuser
game-button-withdraw = Retirer
game-open-challenge = { $player } propose une partie de { $kind } ({ $terms }) : n'importe qui peut `{ $p }accept` (expire dans { $expires }) ; `{ $p }decline` la retire.
game-no-challenge-to-accept = il n'y a pas de défi à accepter ici ; lancez-en un avec `{ $p }new GAME [@opponent]`
game-already-started = la partie a déjà commencé ici ({ $players }) ; `{ $p }board` la montre
game-challenge-expired-at = le défi de { $player } a expiré le { $date } et ne peut plus être accepté ; lancez-en un nouveau avec `{ $p }new GAME [@opponent]`
game-accept-own = vous ne pouvez pas accepter votre propre défi ; attendez un adversaire, ou `{ $p }decline` pour le retirer
game-accept-only = seul { $opponent } peut accepter le défi de { $player } ; tout le monde peut regarder avec `{ $p }board`
game-accepts = { $player } accepte le défi de { $challenger } : { $kind }, { $players }. { $line }
game-no-challenge-to-decline = il n'y a pas de défi ouvert à refuser ici
game-decline-in-play = { $none } ; la partie en cours ({ $players }) se termine par `{ $p }resign`
game-expired-removed = le défi de { $player } avait déjà expiré ; il est supprimé.
game-withdraws = { $player } retire son défi.
game-declines = { $player } refuse le défi de { $challenger }.
game-decline-only = seuls { $opponent } (défié) ou { $challenger } (auteur du défi) peuvent refuser ce défi
game-withdraw-only = seul { $challenger } peut retirer ce défi ouvert ; pour jouer, `{ $p }accept`
move-legal-list = coups légaux : { $moves }
move-illegal = { $typed } n'est pas un coup légal : { $error } ; { $legal }
move-not-a-player = vous ne jouez pas cette partie ({ $players }) ; seuls les deux joueurs jouent, tout le monde peut regarder avec `{ $p }board`
move-ai-turn = c'est au tour de l'IA ({ $side }), pas au vôtre : { $ai } le joue ; attendez son coup
move-not-your-turn = c'est au tour de { $player } ({ $side }), pas au vôtre ; attendez son coup
game-match-game-over = La partie { $game } du match est terminée. { $outcome } { $captured }
picture-series-side = { $side } ({ $player })
picture-chart-katro = { $south } contre { $north } : graines de chaque camp
picture-chart-hoyito = { $south } contre { $north } : graines prises
picture-chart-plies = demi-coups
game-match-next = La partie { $game } commence (M1-M3) : { $standing } ; trous fermés : { $closed }.
game-match-next-open = La partie { $game } commence (M1-M3) : { $standing } ; trous fermés : aucun.
game-resign-challenge = il n'y a rien à abandonner : le défi n'est pas encore accepté ; `{ $p }decline` le retire ou le refuse
game-resign-not-a-player = vous ne jouez pas cette partie ({ $players }) ; seul un joueur peut abandonner
game-resigns = { $player } ({ $side }) abandonne.
# Views (src/core/views.rs)
view-players = { $south } (Sud) contre { $north } (Nord)
view-no-game = aucune partie n'est en cours ici ; lancez-en une avec `{ $p }new GAME [@opponent]`
view-not-started = la partie n'a pas commencé : le défi attend `{ $p }accept`
view-match-standing = parties gagnées { $south } { $south_wins }, { $north } { $north_wins } ; réserves { $south } { $south_reserve }, { $north } { $north_reserve }
view-to-move = { $player } ({ $side }) a le trait.
view-to-move-form = { $player } ({ $side }) a le trait : { $form }.
view-side-to-move = { $side } a le trait.
clock-deadline = Échéance pour { $player } : { $time } ({ $per_move } par coup).
result-on-time = Partie terminée. { $player } ({ $side }) gagne au temps.
result-draw-agreed = Partie terminée. Nulle par accord.
result-aborted = Partie annulée : pas de résultat, sans classement.
result-game-over = Partie terminée. { $outcome } { $captured }
result-match-by-resignation = {" "}par abandon
result-match-m4 = {" "}(M4) : { $player } a { $count ->
    [one] { $count } graine
   *[other] { $count } graines
} en tout (prises { $captured }, réserve { $reserve }), moins de quatre
result-match-over = Match terminé après { $count ->
    [one] { $count } partie
   *[other] { $count } parties
} : { $player } ({ $side }) gagne le match{ $how }. Parties gagnées : { $south } { $south_wins }, { $north } { $north_wins }.
view-board = { $kind } : { $players }, coup { $number }. Position : `{ $position }`. { $player } ({ $side }) a le trait.
view-board-match = { $kind } : { $players }, coup { $number } de la partie { $game }. Match (M1-M4) : { $standing }. Position : `{ $position }` (ses réserves sont les prises de cette partie). { $player } ({ $side }) a le trait.
view-challenge-expired = Aucune partie ici : le défi de { $challenger } à { $opponent } ({ $kind }) a expiré ; lancez-en un avec `{ $p }new GAME [@opponent]`.
view-open-challenge-expired = Aucune partie ici : le défi ouvert de { $challenger } ({ $kind }) a expiré ; lancez-en un avec `{ $p }new GAME [@opponent]`.
view-challenge-waiting = Pas encore de partie : { $challenger } a défié { $opponent } en { $kind } ; on attend que { $opponent } fasse `{ $p }accept`.
view-open-challenge-waiting = Pas encore de partie : { $challenger } propose une partie de { $kind } à tous ; `{ $p }accept` pour jouer.
view-last-game = Aucune partie en cours ici. La dernière ({ $kind }, { $players }) : { $result } Position : `{ $position }`. Lancez-en une nouvelle avec `{ $p }new GAME [@opponent]`.
view-legal-moves = Coups légaux pour { $player } ({ $side }) : { $moves }
view-replay-none = aucun coup n'a encore été joué dans cette partie : rien à rejouer
view-replay-broken = la partie enregistrée ne se rejoue pas : { $error }
view-replay = Rejeu du coup { $number } : { $summary }
view-record-game = Partie { $id } : { $kind }
view-record-started = Commencée le { $date }
view-record-in-play = En cours : { $player } ({ $side }) a le trait
view-record-match = Match (M1-M4), partie { $game } : { $standing }
view-record-no-moves = (aucun coup pour l'instant)
view-record-match-game = Partie { $game } : { $moves }{ $result }
# Correspondence (src/core/correspondence.rs)
clock-timeout = { $player } ({ $side }) n'a pas joué avant l'échéance ({ $time }).
clock-claim-not-a-player = vous ne jouez pas cette partie ({ $players }) ; seul l'adversaire du joueur qui a le trait peut réclamer
clock-claim-no-clock = cette partie n'a pas de temps par coup : il n'y a rien à réclamer
clock-claim-ai = { $ai } ne manque jamais de temps : il doit son coup et le joue maintenant
clock-claim-own-move = c'est à vous de jouer ; seul { $opponent } pourrait réclamer, une fois votre échéance ({ $time }) passée
clock-claim-own-move-late = c'est à vous de jouer et votre échéance ({ $time }) est passée : seul { $opponent } peut réclamer la victoire ; jouez maintenant pour continuer
clock-claim-early = l'échéance de { $player } n'est pas encore passée : { $time } ; `{ $p }claim` après
game-abort-not-a-player = vous ne jouez pas cette partie ({ $players }) ; seul un joueur peut l'annuler
game-abort-tournament = une partie de tournoi ne peut pas être annulée ; `{ $p }resign`, ou un organisateur peut faire `{ $p }tournament withdraw @user`
game-abort-too-late-ai = les deux camps ont joué, la partie ne peut plus être annulée ; `{ $p }resign`
game-abort-too-late = les deux camps ont joué, la partie ne peut plus être annulée ; `{ $p }resign` ou proposez la nulle avec `{ $p }draw`
game-aborts = { $player } annule la partie ({ $players }) : pas de résultat, sans classement.
game-draw-not-a-player = vous ne jouez pas cette partie ({ $players }) ; seul un joueur peut proposer la nulle
game-draw-offered-already = vous avez déjà proposé la nulle ; { $other } peut l'accepter avec `{ $p }draw`
game-draw-accepts = { $player } accepte la nulle.
game-draw-offer = { $player } propose la nulle. { $opponent } : `{ $p }draw` pour accepter ; un coup la refuse.
game-rematch-busy = il y a déjà un défi ou une partie ici ; une partie par salon (`{ $p }board` la montre)
game-rematch-none = aucune partie n'est encore terminée ici ; lancez-en une avec `{ $p }new GAME [@opponent]`
game-rematch-not-a-player = seuls les joueurs de la dernière partie ici ({ $players }) peuvent demander une revanche
game-rematch-tournament = la dernière partie ici était une partie de tournoi ; lancez plutôt un défi avec `{ $p }new`
game-rematch-no-opponent = la dernière partie ici n'a pas d'adversaire à qui demander
game-rematch = { $player } demande à { $opponent } une revanche en { $kind }{ $rated ->
    [no] {" "}(sans classement)
   *[yes] {""}
}, camps échangés : { $player } joue { $side }. { $opponent } : `{ $p }accept` ou `{ $p }decline` (expire dans { $expires }).
clock-reminder = { $player }, à vous de jouer ({ $side }) en { $kind } ({ $players }) : l'échéance est { $time }. { $form }
clock-challenge-expired = { $player } : votre défi à { $opponent } ({ $kind }) n'a pas été accepté avant son expiration ({ $time }). Lancez-en un nouveau avec `{ $p }new GAME [@opponent]`.
clock-open-challenge-expired = { $player } : votre défi ouvert ({ $kind }) n'a pas été accepté avant son expiration ({ $time }). Lancez-en un nouveau avec `{ $p }new GAME [@opponent]`.
clock-timeout-notice = { $player } ({ $side }) n'a pas joué avant l'échéance ({ $time }). { $opponent } peut réclamer la victoire avec `{ $p }claim`, ou attendre le coup.
clock-muted = { $player } : les rappels de coup sont désactivés pour vous ici (`{ $p }unmute` les réactive).
clock-unmuted = { $player } : les rappels de coup sont activés pour vous ici.
game-organizers = sur Discord, Gérer le serveur ou le rôle d'organisateur ; sur Matrix, les modérateurs du salon
game-settings-organizers-only = seuls les organisateurs ({ $who }) peuvent changer les réglages du salon
clock-autoforfeit-on = Le forfait automatique est activé dans ce salon : un joueur dont l'échéance passe perd la partie d'office.
clock-autoforfeit-off = Le forfait automatique est désactivé dans ce salon : une fois une échéance passée, l'adversaire peut réclamer la victoire avec `{ $p }claim`.
# Against the AI (src/core/vs_ai.rs)
ai-no-such-level = le niveau d'IA { $level } n'existe pas : les niveaux sont { $levels }
ai-budget-positions = jusqu'à { $count ->
    [one] { $count } position
   *[other] { $count } positions
} par coup
ai-budget-time = jusqu'à { $time } par coup
ai-time-per-move = { $time } par coup pour { $player } ; une échéance dépassée perd la partie
ai-no-time-limit = sans limite de temps
ai-game-start = { $player } joue { $kind } contre l'IA, sans classement ({ $time }) : { $players }. Je joue { $side } au niveau { $level } ({ $name }, réflexion { $budget }). { $line } `{ $p }resign` termine la partie.
ai-player = mancala-bot (niveau { $level }, { $name })
ai-level-name = { $level ->
    [1] débutant
    [2] amateur
    [3] club
    [4] expert
    [5] maître
   *[other] ?
}
ai-no-draws = { $ai } n'accepte pas la nulle ; jouez, ou `{ $p }resign`
ai-store-failed = le stockage des parties a échoué, le coup de l'IA n'a pas été joué : { $error }
ai-busy = l'IA est occupée par { $count ->
    [one] { $count } partie
   *[other] { $count } parties
} en ce moment ; rien n'a été changé, réessayez dans une minute
clock-milliseconds = { $count } ms
# Hints (src/core/hint.rs)
hint-no-game = aucune partie en cours ici : un indice est pour le joueur qui a le trait
hint-tournament = pas d'indice dans les parties de tournoi
hint-rated = pas d'indice dans les parties classées : les indices sont pour les parties contre l'IA, et pour les parties sans classement (`{ $p }new katro @friend unrated`) où un organisateur les a activés (`{ $p }set hints on`)
hint-not-a-player = les indices sont pour les joueurs de la partie ici
hint-not-your-turn = ce n'est pas votre tour : un indice est pour le joueur qui a le trait
hint-off = les indices sont désactivés dans ce salon : un organisateur peut les activer pour les parties sans classement avec `{ $p }set hints on`
hint-gain = { $count ->
    [one] { $count } graine
   *[other] { $count } graines
} pour vous
hint-line = Indice pour { $player } ({ $side }) : `{ $p }sow { $mv }` : { $what }. { $verdict }
hint-depth = { $count ->
    [one] { $count } demi-coup
   *[other] { $count } demi-coups
}
hint-forced-win = Avec ce coup, l'IA voit un gain forcé ({ $depth } de profondeur).
hint-forced-loss = L'IA voit une perte forcée quoi que vous jouiez ; ce coup résiste le plus longtemps ({ $depth } de profondeur).
hint-balance-for = Avec ce coup, la recherche de l'IA ({ $depth } de profondeur) évalue la partie à { $seeds } graines en votre faveur.
hint-balance-against = Avec ce coup, la recherche de l'IA ({ $depth } de profondeur) évalue la partie à { $seeds } graines contre vous.
hint-game-over = la partie est terminée : pas de coup à suggérer
hint-search-failed = l'IA n'a pas pu chercher : { $error }
hint-set-on = Les indices sont activés dans ce salon : dans les parties sans classement, le joueur qui a le trait peut demander `{ $p }hint`. Les parties classées et de tournoi n'ont jamais d'indice.
hint-set-off = Les indices sont désactivés dans ce salon (les parties contre l'IA en ont toujours).
# Ratings after a game (src/core/aftermath.rs)
result-unrated-unmoved = Sans classement : la partie s'est terminée avant que les deux camps aient joué.
result-ratings = Classement Elo ({ $family }) : { $south } { $south_before } → { $south_after }, { $north } { $north_before } → { $north_after }.
# Reviews (src/core/analysis.rs)
review-no-game = aucune partie n'est encore terminée dans ce salon : `{ $p }analyze` analyse la dernière
review-no-moves = la dernière partie ici n'a aucun coup à analyser
review-blunders = { $count ->
    [0] aucune gaffe
    [one] { $count } gaffe
   *[other] { $count } gaffes
}
review-mistakes = { $count ->
    [0] aucune erreur
    [one] { $count } erreur
   *[other] { $count } erreurs
}
review-inaccuracies = { $count ->
    [0] aucune imprécision
    [one] { $count } imprécision
   *[other] { $count } imprécisions
}
review-head = Analyse de la partie { $id } ({ $kind }) : { $south } (Sud) contre { $north } (Nord) ; l'IA a examiné { $nodes } positions par coup.
review-accuracy = Précision : { $south } { $south_accuracy }, { $north } { $north_accuracy }.
review-slip = { $ply } { $mark ->
    [blunder] gaffe
    [mistake] erreur
   *[other] imprécision
} ({ $seeds } graines perdues ; meilleur coup { $best })
review-slips = Gaffes et erreurs : { $listed }.
review-slips-more = Gaffes et erreurs : { $listed } ; et { $count } de plus (voir le graphique).
review-perfect = Tables de finale : à partir de { $ply }, { $player } ({ $side }) avait une position { $result ->
    [won] gagnée
    [drawn] nulle
   *[lost] perdue
} en jeu parfait.
review-perfect-slip = { $ply } a rendu une position { $before ->
    [won] gagnée
    [drawn] nulle
   *[lost] perdue
} { $after ->
    [won] gagnée
    [drawn] nulle
   *[lost] perdue
}
review-perfect-kept = Aucun coup n'y a rien changé.
review-chart-title = { $south } (Sud) contre { $north } (Nord), { $kind }
review-failed = l'IA n'a pas pu analyser la partie : { $error }
review-cooldown = vous avez lancé une autre analyse il y a peu ; rien n'a été changé. Réessayez dans { $secs } s.
review-running = cette partie est en cours d'analyse ; son analyse est gardée une fois finie. Réessayez dans { $secs } s.
review-busy = les analyses sont occupées par { $count ->
    [one] { $count } partie
   *[other] { $count } parties
} ; rien n'a été changé. Réessayez dans { $secs } s.
# Pictures (src/core/painter.rs, src/core/dispatch.rs)
picture-match-game = partie { $game } du match
picture-match-side = réserve { $reserve }, { $count ->
    [one] { $count } partie gagnée
   *[other] { $count } parties gagnées
}
picture-match-status = { $game } : parties gagnées Sud { $south_wins }, Nord { $north_wins } ; réserves (M2) Sud { $south_reserve }, Nord { $north_reserve }
picture-how-on-time = au temps
picture-status-win = Partie terminée : { $side } gagne, { $how }
picture-status-draw-agreed = Partie terminée : nulle par accord
picture-status-aborted = Partie annulée : pas de résultat
picture-status-to-move = { $side } a le trait
picture-status-draw = Partie terminée : nulle, { $how }
picture-replay-frames = , en { $count ->
    [one] { $count } image
   *[other] { $count } images
}.
picture-replay-alt = Rejeu animé, à la fin : { $alt }
picture-busy = le bot est occupé à dessiner { $count ->
    [one] { $count } rejeu
   *[other] { $count } rejeux
} ; rien n'a été changé. Réessayez dans { $secs } s.
picture-budget = vous avez demandé beaucoup d'images ces derniers temps (un rejeu coûte une image par étape dessinée) ; rien n'a été changé. Réessayez dans { $secs } s.
picture-failed = le rejeu n'a pas pu être dessiné ; réessayez plus tard
picture-move-alt = Coup animé, à la fin : { $alt }
# Picture captions and alt texts (src/render/plan.rs)
picture-game-katro-steps = Katro { $rows }x{ $cols }, pas d'une graine
picture-rows = rangées { $first }-{ $last }
picture-row = rangée { $row }
picture-turn-sowing = sème
picture-turn-to-move = a le trait
picture-turn-wins = gagne
picture-turn-draw = nulle
picture-alt-row = rangée { $row } : { $cells }
picture-alt-board = Plateau, colonnes a à { $last }{ $closed ->
    [yes] , x = trou fermé
   *[no] {""}
} : { $rows }.
picture-stats-katro = { $count ->
    [one] { $count } graine
   *[other] { $count } graines
}, a pris { $took }
picture-stats-hoyito = a pris { $captured }
picture-seeds = { $count ->
    [one] { $count } graine
   *[other] { $count } graines
}
picture-plays = { $side } joue { $mv }
picture-casa-captures = casa en { $hole } : { $side } prend 4
picture-lap = tour { $lap } : { $what }
picture-in-hand = { $count } en main, semées à partir du trou suivant
picture-alt-frame = Image { $n } sur { $frames }, { $headline } ({ $game }, vu du côté { $view }) : tour { $lap } : { $what } ; semé à ce tour : { $sown } ; { $hand } en main. { $board } { $players }
picture-alt-final = Image { $frames } sur { $frames }, { $headline } ({ $game }, vu du côté { $view }) : { $closing }. Le coup entier : { $all }. { $board } { $players } { $status }.
picture-end = fin
picture-end-with = fin : { $events }
picture-alt-position = Position de { $game }, vue du côté { $view } : { $status }. { $board } { $players }
# Pictures drawn (src/render/sheet.rs, paint.rs, chart.rs)
picture-sheet-empty = aucune image
picture-sheet-empty-alt = Planche sans images.
picture-sheet-alt = Planche de { $count ->
    [one] { $count } image
   *[other] { $count } images
}, dans l'ordre : { $items }.
picture-tag-start = départ
picture-tag-relay = relais { $laps }
picture-tag-capture = prise
picture-tag-taken = { $taken } prises
picture-tag-casa-four = casa 4
picture-tag-casa = casa { $lap }
picture-tag-capture-lap = prise { $lap }
picture-tag-end = fin
picture-chart-band = { $steps } (bande : { $band })
picture-chart-eval-axis = demi-coup (avance en graines : S au-dessus, N en dessous)
picture-chart-series-alt = { $name } : de { $first } à { $last }{ $band } sur { $count } { $steps }, au plus haut { $best } après l'étape { $step }
picture-chart-alt = Graphique, { $title }. { $parts }.
picture-chart-mark = demi-coup { $ply } { $kind ->
    [inaccuracy] imprécision
    [mistake] erreur
    [blunder] gaffe
   *[other] marque
}
picture-chart-marked-none = aucun
picture-chart-eval-alt = Graphique d'évaluation, { $title } : avance de Sud en graines sur { $count } demi-coups, de { $first } à { $last } ; au plus haut { $high } au demi-coup { $high_ply }, au plus bas { $low } au demi-coup { $low_ply }. Marqués : { $marked }.

## notify
parse-notify-unknown = { $word } n'est pas un mode d'alerte : utilisez `{ $p }notify dm` (message privé), `{ $p }notify mention` (mention dans le salon de la partie) ou `{ $p }notify off`
notify-shown = { $player } : votre tour vous est signalé par `{ $mode }`. Pour changer : `{ $p }notify dm`, `{ $p }notify mention` ou `{ $p }notify off`.
notify-set-dm = { $player } : désormais, un message privé vous signale votre tour, et le salon de la partie vous nomme sans mention.
notify-set-mention = { $player } : désormais, le salon de la partie vous mentionne quand c'est votre tour.
notify-set-off = { $player } : désormais, votre tour ne vous est plus signalé ; le salon de la partie vous nomme sans mention.
notify-turn = { $player }, à vous de jouer : { $game } contre { $opponent } dans { $channel } (partie `{ $id }`).
notify-turn-deadline = Jouez avant le { $due }.
## threads
threads-room-failed = Impossible d'ouvrir un salon pour cette partie ({ $why }) ; rien n'a été créé. Un organisateur peut désactiver les salons par partie avec `{ $p }set threads off`.
threads-room-taken = une partie se joue déjà dans ce salon
threads-game-in = La partie de { $player } se joue dans { $room }.
