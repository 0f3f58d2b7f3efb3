# play
# Words (src/core/text/mod.rs)
side-south = Sur
side-north = Norte
game-kind = { $game } { $rows }x{ $cols }{ $lone ->
    [yes] {" "}con pasos de semilla sola
   *[no] {""}
}{ $is_match ->
    [yes] {" "}en match
   *[no] {""}
}
move-summary = { $player } ({ $side }) sembró { $mv }: { $parts }.
move-laps = { $count ->
    [one] { $count } vuelta
   *[other] { $count } vueltas
}
move-captured = capturó { $taken } de { $target }
move-casas = capturó { $seeds } en { $count ->
    [one] la casa
   *[other] las casas
} de { $at }
move-form-katro = `{ $prefix }sow HOYO+` o `{ $prefix }sow HOYO-`
move-form-hoyito = `{ $prefix }sow HOYO`
move-event-relay = relevo de { $lifted } desde { $hole }
move-event-capture = captura de { $taken } de { $target } en { $hole }
move-event-casa = casa en { $hole }
move-event-last-four = las cuatro últimas
move-event-pass = { $side } pasa
move-event-stop = parada en { $hole }
move-error-game-over = la partida ha terminado
move-error-off-board = { $hole } no está en este tablero
move-error-not-your-hole = { $hole } no es un hoyo de { $side }; { $side } siembra solo desde su propio lado
move-error-closed = { $hole } está cerrado en esta partida (M2) y no se puede jugar
move-error-empty = { $hole } está vacío; elige un hoyo con semillas
move-error-wrong-row = { $hole } no está en tu fila más exterior con semillas (K3): juega desde la fila { $row }
move-error-endless = { $mv } es una jugada sin fin: su siembra no termina en { $laps ->
    [one] { $laps } vuelta
   *[other] { $laps } vueltas
} (K8/H9)
move-error-step-one-seed = un paso de semilla sola (K11) necesita exactamente una semilla en tu lado
move-error-step-inward = un paso de semilla sola (K11) avanza una fila hacia dentro, recto o en diagonal
move-error-no-steps = en esta partida no se juegan pasos de semilla sola (K11)
move-error-katro-form = una jugada de Katro es un hoyo y una dirección, como c1+
move-error-hoyito-form = una jugada de Hoyito es un hoyo, como d1
result-ongoing = La partida continúa.
result-win = { $player } ({ $side }) gana: { $reason }.
result-draw = Tablas: { $reason }.
result-reason-no-legal-move = ninguna jugada legal (K9)
result-reason-repetition = tercera repetición (K10/H10)
result-reason-stalemate = ningún jugador puede mover (H10)
result-reason-all-captured = todas las semillas capturadas (H7/H8)
result-reason-resignation = abandono
result-captured = Capturadas: Sur { $south }, Norte { $north }.
clock-hours = { $count } h
clock-minutes = { $count } min
clock-seconds = { $count } s
clock-after-max = después del 31 dic 9999
# Games (src/core/games.rs)
game-someone = alguien
game-challenge-open-here = el desafío de { $who } a una partida de { $kind } está abierto aquí; una partida por canal: primero `{ $p }accept` o `{ $p }decline`
game-in-play-here = hay una partida de { $kind } en juego aquí ({ $players }); una partida por canal: termínala o `{ $p }resign`, o juega en otro canal
game-challenge-self = no te puedes desafiar; menciona a otro jugador, o no nombres rival para que cualquiera pueda `{ $p }accept`
game-terms-plays = { $player } juega { $side }
game-terms-random-sides = lados sorteados
game-terms-per-move = , { $time } por jugada
game-terms-no-limit = , sin límite de tiempo
game-terms-unrated = , sin puntuación
game-challenge = { $player } desafía a { $opponent } a una partida de { $kind } ({ $terms }). { $opponent }: `{ $p }accept` o `{ $p }decline` (caduca en { $expires }).
game-button-accept = Aceptar
game-button-decline = Rechazar
game-button-withdraw = Retirar
game-open-challenge = { $player } ofrece una partida de { $kind } ({ $terms }): cualquiera puede `{ $p }accept` (caduca en { $expires }); `{ $p }decline` la retira.
game-no-challenge-to-accept = aquí no hay ningún desafío que aceptar; crea uno con `{ $p }new JUEGO [@rival]`
game-already-started = la partida de aquí ya empezó ({ $players }); `{ $p }board` la muestra
game-challenge-expired-at = el desafío de { $player } caducó el { $date } y ya no se puede aceptar; crea uno nuevo con `{ $p }new JUEGO [@rival]`
game-accept-own = no puedes aceptar tu propio desafío; espera a un rival, o `{ $p }decline` para retirarlo
game-accept-only = solo { $opponent } puede aceptar el desafío de { $player }; cualquiera puede mirar con `{ $p }board`
game-accepts = { $player } acepta el desafío de { $challenger }: { $kind }, { $players }. { $line }
game-no-challenge-to-decline = aquí no hay ningún desafío abierto que rechazar
game-decline-in-play = { $none }; la partida en juego ({ $players }) termina con `{ $p }resign`
game-expired-removed = el desafío de { $player } ya había caducado; se elimina.
game-withdraws = { $player } retira el desafío.
game-declines = { $player } rechaza el desafío de { $challenger }.
game-decline-only = solo { $opponent } (quien recibe el desafío) o { $challenger } (quien lo lanzó) pueden rechazar este desafío
game-withdraw-only = solo { $challenger } puede retirar este desafío abierto; para jugar, `{ $p }accept`
move-legal-list = jugadas legales: { $moves }
move-illegal = { $typed } no es una jugada legal: { $error }; { $legal }
move-not-a-player = no juegas esta partida ({ $players }); solo mueven los dos jugadores, cualquiera puede mirar con `{ $p }board`
move-ai-turn = es el turno de la IA ({ $side }), no el tuyo: { $ai } lo juega; espera su jugada
move-not-your-turn = es el turno de { $player } ({ $side }), no el tuyo; espera su jugada
game-match-game-over = La partida { $game } del match ha terminado. { $outcome } { $captured }
picture-series-side = { $side } ({ $player })
picture-chart-katro = { $south } contra { $north }: semillas de cada lado
picture-chart-hoyito = { $south } contra { $north }: semillas capturadas
picture-chart-plies = medias jugadas
game-match-next = Empieza la partida { $game } (M1-M3): { $standing }; hoyos cerrados: { $closed }.
game-match-next-open = Empieza la partida { $game } (M1-M3): { $standing }; hoyos cerrados: ninguno.
game-resign-challenge = no hay nada que abandonar: el desafío aún no se ha aceptado; `{ $p }decline` lo retira o lo rechaza
game-resign-not-a-player = no juegas esta partida ({ $players }); solo un jugador puede rendirse
game-resigns = { $player } ({ $side }) se rinde.
# Views (src/core/views.rs)
view-players = { $south } (Sur) contra { $north } (Norte)
view-no-game = aquí no hay ninguna partida en juego; crea una con `{ $p }new JUEGO [@rival]`
view-not-started = la partida no ha empezado: el desafío espera un `{ $p }accept`
view-match-standing = partidas ganadas { $south } { $south_wins }, { $north } { $north_wins }; reservas { $south } { $south_reserve }, { $north } { $north_reserve }
view-to-move = Le toca a { $player } ({ $side }).
view-to-move-form = Le toca a { $player } ({ $side }): { $form }.
view-side-to-move = Le toca a { $side }.
clock-deadline = Plazo para { $player }: { $time } ({ $per_move } por jugada).
result-on-time = Partida terminada. { $player } ({ $side }) gana por tiempo.
result-draw-agreed = Partida terminada. Tablas de común acuerdo.
result-aborted = Partida anulada: sin resultado, sin puntuación.
result-game-over = Partida terminada. { $outcome } { $captured }
result-match-by-resignation = {" "}por abandono
result-match-m4 = {" "}(M4): { $player } tiene { $count ->
    [one] { $count } semilla
   *[other] { $count } semillas
} en total (capturadas { $captured }, reserva { $reserve }), menos de cuatro
result-match-over = Match terminado tras { $count ->
    [one] { $count } partida
   *[other] { $count } partidas
}: { $player } ({ $side }) gana el match{ $how }. Partidas ganadas: { $south } { $south_wins }, { $north } { $north_wins }.
view-board = { $kind }: { $players }, jugada { $number }. Posición: `{ $position }`. Le toca a { $player } ({ $side }).
view-board-match = { $kind }: { $players }, jugada { $number } de la partida { $game }. Match (M1-M4): { $standing }. Posición: `{ $position }` (sus almacenes son las capturas de esta partida). Le toca a { $player } ({ $side }).
view-challenge-expired = No hay partida aquí: el desafío de { $challenger } a { $opponent } ({ $kind }) caducó; crea uno con `{ $p }new JUEGO [@rival]`.
view-open-challenge-expired = No hay partida aquí: el desafío abierto de { $challenger } ({ $kind }) caducó; crea uno con `{ $p }new JUEGO [@rival]`.
view-challenge-waiting = Aún no hay partida: { $challenger } desafió a { $opponent } a una partida de { $kind }; esperando a que { $opponent } haga `{ $p }accept`.
view-open-challenge-waiting = Aún no hay partida: { $challenger } ofrece una partida de { $kind } a cualquiera; `{ $p }accept` para jugar.
view-last-game = No hay partida en juego aquí. La última ({ $kind }, { $players }): { $result } Posición: `{ $position }`. Crea una nueva con `{ $p }new JUEGO [@rival]`.
view-legal-moves = Jugadas legales de { $player } ({ $side }): { $moves }
view-replay-none = todavía no se ha jugado ninguna jugada en esta partida: nada que repetir
view-replay-broken = la partida guardada no se puede reproducir: { $error }
view-replay = Repetición de la jugada { $number }: { $summary }
view-record-game = Partida { $id }: { $kind }
view-record-started = Empezada el { $date }
view-record-in-play = En juego: le toca a { $player } ({ $side })
view-record-match = Match (M1-M4), partida { $game }: { $standing }
view-record-no-moves = (aún no hay jugadas)
view-record-match-game = Partida { $game }: { $moves }{ $result }
# Correspondence (src/core/correspondence.rs)
clock-timeout = { $player } ({ $side }) no movió antes del plazo ({ $time }).
clock-claim-not-a-player = no juegas esta partida ({ $players }); solo el rival del jugador al que le toca puede reclamar
clock-claim-no-clock = esta partida no tiene tiempo por jugada, así que no hay nada que reclamar
clock-claim-ai = { $ai } nunca se queda sin tiempo: debe su jugada y la juega ahora
clock-claim-own-move = te toca a ti; solo { $opponent } podría reclamar, cuando pase tu plazo ({ $time })
clock-claim-own-move-late = te toca a ti y tu plazo ({ $time }) ya pasó: solo { $opponent } puede reclamar la victoria; juega ya para seguir
clock-claim-early = el plazo de { $player } aún no ha pasado: { $time }; `{ $p }claim` después
game-abort-not-a-player = no juegas esta partida ({ $players }); solo un jugador puede anularla
game-abort-tournament = una partida de torneo no se puede anular; `{ $p }resign`, o un organizador puede usar `{ $p }tournament withdraw @usuario`
game-abort-too-late-ai = ambos lados ya movieron, así que la partida ya no se puede anular; `{ $p }resign`
game-abort-too-late = ambos lados ya movieron, así que la partida ya no se puede anular; `{ $p }resign` u ofrece tablas con `{ $p }draw`
game-aborts = { $player } anula la partida ({ $players }): sin resultado, sin puntuación.
game-draw-not-a-player = no juegas esta partida ({ $players }); solo un jugador puede ofrecer tablas
game-draw-offered-already = ya ofreciste tablas; { $other } puede aceptarlas con `{ $p }draw`
game-draw-accepts = { $player } acepta las tablas.
game-draw-offer = { $player } ofrece tablas. { $opponent }: `{ $p }draw` para aceptar; una jugada las rechaza.
game-rematch-busy = ya hay un desafío o una partida aquí; una partida por canal (`{ $p }board` la muestra)
game-rematch-none = aquí aún no ha terminado ninguna partida; crea una con `{ $p }new JUEGO [@rival]`
game-rematch-not-a-player = solo los jugadores de la última partida de aquí ({ $players }) pueden pedir la revancha
game-rematch-tournament = la última partida de aquí fue de torneo; desafía con `{ $p }new` en su lugar
game-rematch-no-opponent = la última partida de aquí no tiene rival a quien pedírsela
game-rematch = { $player } pide a { $opponent } la revancha de { $kind }{ $rated ->
    [no] {" "}(sin puntuación)
   *[yes] {""}
}, lados cambiados: { $player } juega { $side }. { $opponent }: `{ $p }accept` o `{ $p }decline` (caduca en { $expires }).
clock-reminder = { $player }, te toca ({ $side }) en la partida de { $kind } ({ $players }): el plazo es { $time }. { $form }
clock-challenge-expired = { $player }: tu desafío a { $opponent } ({ $kind }) no fue aceptado antes de caducar ({ $time }). Crea uno nuevo con `{ $p }new JUEGO [@rival]`.
clock-open-challenge-expired = { $player }: tu desafío abierto ({ $kind }) no fue aceptado antes de caducar ({ $time }). Crea uno nuevo con `{ $p }new JUEGO [@rival]`.
clock-timeout-notice = { $player } ({ $side }) no movió antes del plazo ({ $time }). { $opponent } puede reclamar la victoria con `{ $p }claim`, o esperar la jugada.
clock-muted = { $player }: los recordatorios de jugada están desactivados para ti aquí (`{ $p }unmute` los activa).
clock-unmuted = { $player }: los recordatorios de jugada están activados para ti aquí.
game-organizers = en Discord, Gestionar servidor o el rol de organizador; en Matrix, los moderadores de la sala
game-settings-organizers-only = solo los organizadores ({ $who }) pueden cambiar los ajustes del canal
clock-autoforfeit-on = La derrota automática está activada en este canal: quien deja vencer su plazo pierde la partida sin más.
clock-autoforfeit-off = La derrota automática está desactivada en este canal: cuando pasa un plazo, el rival puede reclamar la victoria con `{ $p }claim`.
# Against the AI (src/core/vs_ai.rs)
ai-no-such-level = el nivel de IA { $level } no existe: los niveles son { $levels }
ai-budget-positions = hasta { $count ->
    [one] { $count } posición
   *[other] { $count } posiciones
} por jugada
ai-budget-time = hasta { $time } por jugada
ai-time-per-move = { $time } por jugada para { $player }; si vence el plazo, se pierde la partida
ai-no-time-limit = sin límite de tiempo
ai-game-start = { $player } juega { $kind } contra la IA, sin puntuación ({ $time }): { $players }. Juego { $side } en el nivel { $level } ({ $name }, pensando { $budget }). { $line } `{ $p }resign` termina la partida.
ai-player = mancala-bot (nivel { $level }, { $name })
ai-level-name = { $level ->
    [1] principiante
    [2] aficionado
    [3] club
    [4] experto
    [5] maestro
   *[other] ?
}
ai-no-draws = { $ai } no acepta tablas; sigue jugando, o `{ $p }resign`
ai-store-failed = falló el almacenamiento de partidas, la jugada de la IA no se hizo: { $error }
ai-busy = la IA está ocupada con { $count ->
    [one] { $count } partida
   *[other] { $count } partidas
} ahora mismo; no se cambió nada, inténtalo de nuevo en un minuto
clock-milliseconds = { $count } ms
# Hints (src/core/hint.rs)
hint-no-game = aquí no hay partida en juego: una pista es para el jugador al que le toca
hint-tournament = no hay pistas en las partidas de torneo
hint-rated = no hay pistas en las partidas puntuadas: las pistas son para partidas contra la IA, y para partidas sin puntuación (`{ $p }new katro @amigo unrated`) donde un organizador las activó (`{ $p }set hints on`)
hint-not-a-player = las pistas son para los jugadores de la partida de aquí
hint-not-your-turn = no es tu turno: una pista es para el jugador al que le toca
hint-off = las pistas están desactivadas en este canal: un organizador puede activarlas para partidas sin puntuación con `{ $p }set hints on`
hint-gain = { $count ->
    [one] { $count } semilla
   *[other] { $count } semillas
} para ti
hint-line = Pista para { $player } ({ $side }): `{ $p }sow { $mv }`: { $what }. { $verdict }
hint-depth = { $count ->
    [one] { $count } media jugada
   *[other] { $count } medias jugadas
}
hint-forced-win = Con ella la IA ve una victoria forzada ({ $depth } de profundidad).
hint-forced-loss = La IA ve una derrota forzada juegues lo que juegues; esta jugada resiste más ({ $depth } de profundidad).
hint-balance-for = Con ella la búsqueda de la IA ({ $depth } de profundidad) valora la partida en { $seeds ->
    [one] { $seeds } semilla
   *[other] { $seeds } semillas
} a tu favor.
hint-balance-against = Con ella la búsqueda de la IA ({ $depth } de profundidad) valora la partida en { $seeds ->
    [one] { $seeds } semilla
   *[other] { $seeds } semillas
} en tu contra.
hint-game-over = la partida ha terminado: no hay jugada que sugerir
hint-search-failed = la IA no pudo buscar: { $error }
hint-set-on = Las pistas están activadas en este canal: en partidas sin puntuación, el jugador al que le toca puede pedir `{ $p }hint`. Las partidas puntuadas y de torneo nunca tienen pistas.
hint-set-off = Las pistas están desactivadas en este canal (las partidas contra la IA las siguen teniendo).
# Ratings after a game (src/core/aftermath.rs)
result-unrated-unmoved = Sin puntuación: la partida terminó antes de que ambos lados movieran.
result-ratings = Puntuaciones ({ $family }): { $south } { $south_before } → { $south_after }, { $north } { $north_before } → { $north_after }.
# Reviews (src/core/analysis.rs)
review-no-game = aún no ha terminado ninguna partida en este canal: `{ $p }analyze` analiza la última
review-no-moves = la última partida de aquí no tiene jugadas que analizar
review-blunders = { $count ->
    [0] ningún error grave
    [one] { $count } error grave
   *[other] { $count } errores graves
}
review-mistakes = { $count ->
    [0] ningún error
    [one] { $count } error
   *[other] { $count } errores
}
review-inaccuracies = { $count ->
    [0] ninguna imprecisión
    [one] { $count } imprecisión
   *[other] { $count } imprecisiones
}
review-head = Análisis de la partida { $id } ({ $kind }): { $south } (Sur) contra { $north } (Norte); la IA examinó { $nodes ->
    [one] { $nodes } posición
   *[other] { $nodes } posiciones
} por jugada.
review-accuracy = Precisión: { $south } { $south_accuracy }, { $north } { $north_accuracy }.
review-slip = { $ply } { $mark ->
    [blunder] error grave
    [mistake] error
   *[other] imprecisión
} ({ $seeds ->
    [one] { $seeds } semilla perdida
   *[other] { $seeds } semillas perdidas
}; mejor { $best })
review-slips = Errores graves y errores: { $listed }.
review-slips-more = Errores graves y errores: { $listed }; y { $count } más (ver el gráfico).
review-perfect = Tablas de finales: desde { $ply }, { $player } ({ $side }) tenía una posición { $result ->
    [won] ganada
    [drawn] de tablas
   *[lost] perdida
} con juego perfecto.
review-perfect-slip = { $ply } dejó una posición { $before ->
    [won] ganada
    [drawn] de tablas
   *[lost] perdida
} { $after ->
    [won] ganada
    [drawn] en tablas
   *[lost] perdida
}
review-perfect-kept = Ninguna jugada cambió eso.
review-chart-title = { $south } (Sur) contra { $north } (Norte), { $kind }
review-failed = la IA no pudo analizar la partida: { $error }
review-cooldown = empezaste otro análisis hace poco; no se cambió nada. Inténtalo de nuevo en { $secs } s.
review-running = esta partida se está analizando ahora; su análisis se guarda al terminar. Inténtalo de nuevo en { $secs } s.
review-busy = los análisis están ocupados con { $count ->
    [one] { $count } partida
   *[other] { $count } partidas
}; no se cambió nada. Inténtalo de nuevo en { $secs } s.
# Pictures (src/core/painter.rs, src/core/dispatch.rs)
picture-match-game = partida { $game } del match
picture-match-side = reserva { $reserve }, { $count ->
    [one] { $count } partida ganada
   *[other] { $count } partidas ganadas
}
picture-match-status = { $game }: partidas ganadas Sur { $south_wins }, Norte { $north_wins }; reservas (M2) Sur { $south_reserve }, Norte { $north_reserve }
picture-how-on-time = por tiempo
picture-status-win = Partida terminada: gana { $side }, { $how }
picture-status-draw-agreed = Partida terminada: tablas, de común acuerdo
picture-status-aborted = Partida anulada: sin resultado
picture-status-to-move = Le toca a { $side }
picture-status-draw = Partida terminada: tablas, { $how }
picture-replay-frames = , en { $count ->
    [one] { $count } imagen
   *[other] { $count } imágenes
}.
picture-replay-alt = Repetición animada, al final: { $alt }
picture-busy = el bot está ocupado dibujando { $count ->
    [one] { $count } repetición
   *[other] { $count } repeticiones
}; no se cambió nada. Inténtalo de nuevo en { $secs } s.
picture-budget = pediste muchas imágenes últimamente (una repetición cuesta una por cada imagen dibujada); no se cambió nada. Inténtalo de nuevo en { $secs } s.
picture-failed = no se pudo dibujar la repetición; inténtalo más tarde
picture-move-alt = Jugada animada, al final: { $alt }
# Picture captions and alt texts (src/render/plan.rs)
picture-game-katro-steps = Katro { $rows }x{ $cols }, pasos de semilla sola
picture-rows = filas { $first }-{ $last }
picture-row = fila { $row }
picture-turn-sowing = siembra
picture-turn-to-move = le toca
picture-turn-wins = gana
picture-turn-draw = tablas
picture-alt-row = fila { $row }: { $cells }
picture-alt-board = Tablero, columnas a a { $last }{ $closed ->
    [yes] , x = hoyo cerrado
   *[no] {""}
}: { $rows }.
picture-stats-katro = { $count ->
    [one] { $count } semilla
   *[other] { $count } semillas
}, capturadas: { $took }
picture-stats-hoyito = capturadas: { $captured }
picture-seeds = { $count ->
    [one] { $count } semilla
   *[other] { $count } semillas
}
picture-plays = { $side } juega { $mv }
picture-casa-captures = casa en { $hole }: { $side } captura 4
picture-lap = vuelta { $lap }: { $what }
picture-in-hand = { $count ->
    [one] { $count } en la mano, sembrada desde el hoyo siguiente
   *[other] { $count } en la mano, sembradas desde el hoyo siguiente
}
picture-alt-frame = Imagen { $n } de { $frames }, { $headline } ({ $game }, visto desde { $view }): vuelta { $lap }: { $what }; sembrado en esta vuelta: { $sown }; { $hand } en la mano. { $board } { $players }
picture-alt-final = Imagen { $frames } de { $frames }, { $headline } ({ $game }, visto desde { $view }): { $closing }. La jugada entera: { $all }. { $board } { $players } { $status }.
picture-end = fin
picture-end-with = fin: { $events }
picture-alt-position = Posición de { $game }, vista desde { $view }: { $status }. { $board } { $players }
# Pictures drawn (src/render/sheet.rs, paint.rs, chart.rs)
picture-sheet-empty = ninguna imagen
picture-sheet-empty-alt = Hoja de contactos sin imágenes.
picture-sheet-alt = Hoja de contactos de { $count ->
    [one] { $count } imagen
   *[other] { $count } imágenes
}, en orden: { $items }.
picture-tag-start = inicio
picture-tag-capture = captura
picture-tag-taken = { $taken ->
    [one] { $taken } capturada
   *[other] { $taken } capturadas
}
picture-tag-casa-four = casa 4
picture-tag-casa = casa, vuelta { $lap }
picture-tag-capture-lap = captura, vuelta { $lap }
picture-tag-end = fin
picture-chart-band = { $steps } (banda: { $band })
picture-chart-eval-axis = media jugada (semillas de ventaja: S arriba, N abajo)
picture-chart-series-alt = { $name }: de { $first } a { $last }{ $band } en { $count } { $steps }, máximo { $best } tras el paso { $step }
picture-chart-alt = Gráfico, { $title }. { $parts }.
picture-chart-mark = media jugada { $ply } { $kind ->
    [inaccuracy] imprecisión
    [mistake] error
    [blunder] error grave
   *[other] marca
}
picture-chart-marked-none = ninguna
picture-chart-eval-alt = Gráfico de evaluación, { $title }: ventaja de Sur en semillas a lo largo de { $count ->
    [one] { $count } media jugada
   *[other] { $count } medias jugadas
}, de { $first } a { $last }; máximo { $high } en la media jugada { $high_ply }, mínimo { $low } en la media jugada { $low_ply }. Marcadas: { $marked }.

## Words and pictures: names, letters, tags and usage words written per language
side-letter-south = S
side-letter-north = N
game-name-katro = Katro
game-name-hoyito = Hoyito
text-colon = { $head }: { $tail }
picture-tag-lap = { $count ->
    [one] vuelta
   *[other] vueltas
} { $laps }
picture-tag-relay-lifted = relevo de { $count }
picture-tag-last-four = las 4 últimas
usage-word-game = JUEGO
usage-word-time = TIEMPO
usage-word-name = NOMBRE
usage-word-hole = HOYO
usage-word-rounds = RONDAS
usage-word-setting = AJUSTE
usage-word-value = VALOR
usage-word-command = COMANDO
usage-word-opponent = @rival
usage-word-user = @usuario

## takeback
takeback-move = { $mv } ({ $player })
takeback-not-a-player = solo los jugadores ({ $players }) pueden deshacer una jugada
takeback-tournament = no se pueden deshacer jugadas en una partida de torneo
takeback-rated = no se pueden deshacer jugadas en una partida puntuada: solo las partidas sin puntuación lo permiten
takeback-ai-level = la IA permite deshacer jugadas hasta el nivel { $max }; esta partida es contra el nivel { $level }
takeback-nothing = aún no tienes ninguna jugada que deshacer en esta partida; `{ $p }moves` lista las jugadas legales
takeback-ai = { $player } deshace una jugada contra la IA (permitido hasta el nivel { $max }).
takeback-asks = { $player } pide deshacer: { $moves }. { $opponent }: `{ $p }accept` o `{ $p }decline`; cualquier jugada anula la petición.
takeback-asked-already = ya pediste deshacer una jugada; le toca responder a { $opponent } (`{ $p }decline` la retira)
takeback-pending-other = { $asker } pidió deshacer una jugada primero: `{ $p }accept` o `{ $p }decline`
takeback-accept-own = esta petición es tuya; { $opponent } tiene que aceptarla
takeback-accepts = { $player } acepta la petición de { $asker } de deshacer la jugada.
takeback-undone = Jugadas deshechas: { $moves }. Veces que se ha deshecho en esta partida: { $count }.
takeback-declines = { $player } rechaza la petición de { $asker } de deshacer; la partida sigue como está.
takeback-withdraws = { $player } retira su petición de deshacer.
takeback-cancelled = Esta jugada anula la petición pendiente de deshacer.
takeback-record = Jugadas deshechas: { $count } (así que la partida queda sin puntuación)

## vacation
vacation-board = { $player } está de vacaciones hasta el { $date }: su reloj está detenido.
vacation-claim = { $player } está de vacaciones hasta el { $date }: su reloj está detenido, no se puede reclamar antes
vacation-on = { $player } está de vacaciones hasta el { $date }; quedan { $left } de { $allowance ->
    [one] { $allowance } día de vacaciones
   *[other] { $allowance } días de vacaciones
} este año.
vacation-off-now = No estás de vacaciones; te quedan { $left } de { $allowance ->
    [one] { $allowance } día de vacaciones
   *[other] { $allowance } días de vacaciones
} este año. `{ $p }vacation 7d` las empieza, `{ $p }vacation off` las termina.
vacation-not-on = no estás de vacaciones; `{ $p }vacation 7d` las empieza
vacation-already = ya estás de vacaciones hasta el { $date }; `{ $p }vacation off` las termina
vacation-over-allowance = { $days ->
    [one] { $days } día es
   *[other] { $days } días son
} más de lo que te queda: { $left } de { $allowance ->
    [one] { $allowance } día de vacaciones
   *[other] { $allowance } días de vacaciones
} este año
vacation-ended = Las vacaciones de { $player } terminan ahora: los relojes vuelven a correr. { $left ->
    [one] Queda { $left } día
   *[other] Quedan { $left } días
} este año.
vacation-starts = { $player } está de vacaciones hasta el { $date }: los relojes de sus partidas por correspondencia sin puntuación de aquí quedan detenidos hasta entonces. Quedan { $left } de { $allowance ->
    [one] { $allowance } día
   *[other] { $allowance } días
} este año.

## Live clocks, match lengths, !resign game|match

game-terms-live = , reloj en tiempo real { $clock }
clock-live-control = { $minutes } min{ $seconds ->
    [0] {""}
   *[other] {" "}+ { $seconds } s por jugada
}
clock-live = Relojes: { $south } { $south_left }, { $north } { $north_left } ({ $control }); la bandera de { $player } caerá { $time }.
match-kind-first-to = { $kind }, { $count ->
    [one] gana quien llegue a { $count } victoria
   *[other] gana quien llegue a { $count } victorias
}
match-kind-games = { $kind } a { $count ->
    [one] { $count } partida
   *[other] { $count } partidas
}
match-resigns-game = { $player } ({ $side }) se rinde en la partida { $game } del match.
game-resign-which = esto es un match: `{ $p }resign game` abandona esta partida (el match sigue), `{ $p }resign match` todo el match
game-resign-no-match = esto es una partida suelta, no un match: `{ $p }resign` la abandona
result-match-first-to = {" "}(a { $count ->
    [one] { $count } victoria
   *[other] { $count } victorias
})
result-match-games = {" "}({ $count ->
    [one] { $count } partida jugada
   *[other] las { $count } partidas jugadas
})
result-match-repetition = {" "}por repetición: la partida { $game } habría empezado exactamente como una anterior (mismos hoyos cerrados, mismas reservas, mismo primer jugador), y el match daría vueltas sin fin; lo deciden { $by_seeds ->
    [yes] las semillas que tiene cada uno, como en una partida repetida (H10, H8): { $south } { $south_seeds }, { $north } { $north_seeds }
   *[no] las partidas ganadas
}
result-match-drawn = Match terminado tras { $count ->
    [one] { $count } partida
   *[other] { $count } partidas
}: el match queda en tablas{ $how }. Partidas ganadas: { $south } { $south_wins }, { $north } { $north_wins }.
result-match-verdict = El match termina con la partida { $game }. Partidas ganadas: { $south } { $south_wins }, { $north } { $north_wins }.

## archive
archive-game-started = Identificador de la partida: { $id } (`{ $p }game ID` la muestra desde cualquier canal, `{ $p }games` lista las tuyas).
archive-game-ended = Identificador de la partida: { $id } (`{ $p }analyze ID` la analiza, `{ $p }history` lista las partidas de este canal).
archive-unknown-id = no hay ninguna partida { $id } en esta comunidad: `{ $p }games` lista las tuyas, `{ $p }history` las de este canal
parse-game-id = { $word } no es un identificador de partida: un identificador tiene 8 letras y cifras, como `k7m2q9xd` (o uno antiguo, como `1700000000000-3`); uso: `{ $usage }`
parse-game-id-missing = ¿qué partida? Indica su identificador; uso: `{ $usage }` (`{ $p }games` lista las tuyas)
archive-games-none = aún no tienes partidas en esta comunidad: empieza una con `{ $p }new JUEGO [@rival]`
archive-games-head = Partidas de { $player }:
archive-games-running = En juego ({ $count }):
archive-games-finished = Últimas terminadas ({ $count }):
archive-games-footer = `{ $p }game ID` muestra una partida desde cualquier canal.
archive-turn-challenge = desafío aún no aceptado
archive-clock = vence { $time }
archive-no-clock = sin reloj
archive-turn-yours = te toca, { $clock }
archive-turn-of = le toca a { $player }, { $clock }
archive-running-line = { $id } { $kind } contra { $opponent } en { $channel }: { $turn }
archive-result-won = ganada
archive-result-lost = perdida
archive-result-draw = tablas
archive-result-none = sin resultado
archive-result-won-by = ganó { $player }
archive-finished-line = { $id } { $kind } contra { $opponent }: { $result }, { $date }
archive-game-where = Partida { $id }, jugada en { $channel }:
archive-game-challenge = un desafío de { $kind } aún no aceptado: no tiene jugadas
archive-game-ended-at = Terminada el { $date }
archive-history-none = aún no ha terminado ninguna partida en este canal
archive-history-head = Últimas partidas terminadas aquí ({ $count }):
archive-history-line = { $id } { $players }: { $result }, { $date }
archive-history-footer = `{ $p }game ID` muestra una, `{ $p }record` las jugadas de la partida de aquí.
review-not-finished = la partida { $id } aún no ha terminado: `{ $p }analyze ID` analiza partidas terminadas
## notify
parse-notify-unknown = { $word } no es un modo de aviso: usa `{ $p }notify dm` (mensaje directo), `{ $p }notify mention` (mención en el canal de la partida), `{ $p }notify off` o `{ $p }notify digest` (un mensaje directo al día)
notify-shown = { $player }: se te avisa de tu turno con `{ $mode }`. Para cambiarlo: `{ $p }notify dm`, `{ $p }notify mention` o `{ $p }notify off`.
notify-set-dm = { $player }: a partir de ahora un mensaje directo te avisa de tu turno, y el canal de la partida te nombra sin mencionarte.
notify-set-mention = { $player }: a partir de ahora el canal de la partida te menciona cuando es tu turno.
notify-set-off = { $player }: a partir de ahora no se te avisa de tu turno; el canal de la partida te nombra sin mencionarte.
notify-turn = { $player }, te toca: { $game } contra { $opponent } en { $channel } (partida `{ $id }`).
notify-turn-deadline = Juega antes del { $due }.
## threads
threads-room-failed = No pude abrir una sala para esta partida ({ $why }); no se creó nada. Un organizador puede desactivar las salas por partida con `{ $p }set threads off`.
threads-room-taken = ya se juega una partida en esta sala
threads-game-in = La partida de { $player } está en { $room }.
notify-set-digest = { $player }: a partir de ahora el canal de la partida te nombra sin mencionarte, y una vez al día un mensaje directo lista tus partidas de aquí en las que te toca.
notify-digest = { $player }, tu resumen del día: { $count ->
    [one] te toca en 1 partida.
   *[other] te toca en { $count } partidas.
}
notify-digest-game = • { $game } contra { $opponent } en { $channel } (partida `{ $id }`)
notify-digest-due = , juega antes de { $due }
notify-digest-more = … y { $count } más (`{ $p }games` las lista todas).
## games on vacation
archive-clock-vacation = de vacaciones hasta el { $time }: su reloj espera
## why a move was marked (issue 32)
review-slip-why = { $slip }: { $why }
review-slip-proven = { $ply } { $mark ->
    [blunder] error grave
    [mistake] error
   *[other] imprecisión
} ({ $why }; mejor { $best })
review-why-win-thrown = deja escapar una posición ganada
review-why-win-thrown-in = deja escapar una victoria en { $count ->
    [one] { $count } jugada
   *[other] { $count } jugadas
}
review-why-loss = lleva a una posición perdida
review-why-loss-in = lleva a una derrota en { $count ->
    [one] { $count } jugada
   *[other] { $count } jugadas
}
review-why-allows = permite que { $player } capture { $seeds ->
    [one] { $seeds } semilla
   *[other] { $seeds } semillas
} con { $reply }
review-why-misses = no ve { $best }, que captura { $seeds ->
    [one] { $seeds } semilla
   *[other] { $seeds } semillas
}

## tournament organizer tools (games)
result-adjudicated-win = Partida terminada. { $player } ({ $side }) gana por decisión de la organización.
result-adjudicated-draw = Partida terminada. Tablas por decisión de la organización.
picture-how-adjudicated = por decisión
clock-held = El reloj está parado mientras el torneo está en pausa: a { $player } le quedan { $left }.
archive-clock-held = reloj parado (torneo en pausa), quedan { $left }

## puzzles (issue 32)
puzzle-theme = { $theme ->
    [relay-capture] captura por relevo
    [casa-in-passing] casa de paso
    [last-four] las cuatro últimas
    [endgame] final
    [capture] captura
    [defence] defensa
   *[deep] línea larga
}
puzzle-goal-win = encuentra la jugada que gana
puzzle-goal-seeds = encuentra la jugada que gana más semillas (al menos { $margin } más que cualquier otra)
puzzle-opponent = Rival
puzzle-daily-head = Problema del día: el mismo para todos hoy (UTC).
puzzle-shown = Problema `{ $id }` para { $player }: { $board }, puntuación { $rating }; temas: { $themes }.
puzzle-to-find = Juegas { $side }: { $goal }.
puzzle-line-long = La línea requiere { $count ->
    [one] { $count } jugada
   *[other] { $count } jugadas
} tuyas; el bot juega cada respuesta.
puzzle-answer-with = Responde con { $form }; `{ $p }puzzle skip` abandona.
puzzle-seen-before = Ya intentaste este problema: esta vez no cuenta.
puzzle-web-link = Página del problema del día
puzzle-right = { $mv } es correcta.
puzzle-your-move = Te toca otra vez ({ $side }): { $form }.
puzzle-solved = { $mv } es correcta: ¡problema `{ $id }` resuelto!
puzzle-failed = { $mv } no es la jugada: problema `{ $id }` fallado. La solución: { $line }.
puzzle-skipped = Problema `{ $id }` saltado: no cuenta. La solución: { $line }.
puzzle-given-up = Problema `{ $id }` abandonado tras una jugada: cuenta como fallado. La solución: { $line }.
puzzle-rating-change = { $before } → { $after } ({ $delta })
puzzle-rating-line = Puntuación de problemas ({ $game }): { $change }.
puzzle-streak = Problemas resueltos seguidos: { $count }.
puzzle-daily-streak = Problemas del día resueltos seguidos: { $count }.
puzzle-not-counted = No cuenta: ya habías intentado este problema.
puzzle-open-already = tienes el problema `{ $id }` abierto { $here ->
    [yes] aquí
   *[other] en otro canal
}: respóndelo con `{ $p }sow` o abandónalo con `{ $p }puzzle skip`
puzzle-none-open = no tienes ningún problema abierto; `{ $p }puzzle` te da uno
puzzle-none-installed = este bot no tiene problemas instalados
puzzle-no-board = aún no hay problemas para { $board }; tableros con problemas: { $boards }
puzzle-all-solved = has resuelto los { $count } problemas de { $board }; otros tableros: { $boards }
puzzle-gone = tu problema abierto `{ $id }` ya no está en las colecciones de este bot; `{ $p }puzzle skip` lo cierra
puzzle-stats-none = { $player } aún no ha intentado ningún problema; `{ $p }puzzle` da uno.
puzzle-stats-head = Problemas de { $player }: { $solved } resueltos, { $failed } fallados.
puzzle-stats-family = { $game }: puntuación de problemas { $rating } ({ $solved } resueltos, { $failed } fallados).
puzzle-stats-streaks = Seguidos: { $streak } (mejor { $best }); problemas del día seguidos: { $daily } (mejor { $daily_best }).
puzzle-stats-open = Abierto: problema `{ $id }`.
puzzle-playing-here = juegas la partida de este canal, así que tus jugadas aquí van a ella: pide un problema en otro canal (`{ $p }puzzle`)
puzzle-hint = Pista: tu jugada sale de { $hole }.
puzzle-hint-uncounted = Con una pista, este problema ya no cuenta.
