# commands: los textos de la tabla de comandos (ayuda, descripciones de los comandos
# de barra, etiquetas de las opciones), errores de uso, !help y !rules.
# Los nombres de comandos, las palabras clave (katro, as north, on|off) y los ids de
# reglas no se traducen: es lo que escriben los jugadores.

## !help: $p es el prefijo, $default el nivel de IA por defecto, $game el juego por defecto.

help-intro = Árbitro de mancala: Katro y Hoyito I, una partida por canal.
help-outro = Solo los dos jugadores mueven, cada uno en su turno; todos pueden mirar.
help-line = { $form }: { $text }.
help-aliases = (o { $aliases })
help-organizers = (organizadores)
help-new-0 = desafiar a alguien (o a cualquiera); JUEGO: katro[:4x6|:4x4] [lone], hoyito[:2x6-12] [match|first-to N|games N], por defecto { $game }; TIEMPO: `12h`, `2d`, `notime` o `5m+3s`
help-new-1 = jugar ya contra la IA, sin puntuación; niveles 1 (principiante) a 5 (maestro), por defecto { $default }
help-accept-0 = aceptar el desafío de aquí
help-decline-0 = rechazar o retirar un desafío
help-sow-0 = tu jugada, p. ej. `{ $p }sow c1+` en Katro, `{ $p }sow d1` en Hoyito
help-board-0 = tablero y turno
help-moves-0 = las jugadas legales
help-resign-0 = rendirse (en un match: `game` o `match`)
help-hint-0 = la mejor jugada de la IA y por qué (contra la IA, o sin puntuación con pistas)
help-analyze-0 = la IA analiza la última partida de aquí, o la partida ID: errores, precisión, gráfico
help-history-0 = las últimas partidas terminadas aquí
help-replay-0 = la última jugada en GIF
help-rules-0 = las reglas en breve
help-help-0 = esta ayuda, o la de un COMANDO
help-draw-0 = ofrecer o aceptar tablas
help-abort-0 = anular sin resultado, antes de que ambos lados hayan jugado
help-claim-0 = ganar por plazo vencido del rival
help-rematch-0 = tu último rival, lados cambiados
help-mute-0 = sin recordatorios de plazos
help-unmute-0 = recordatorios de plazos otra vez
help-set-0 = autoforfeit|hints|threads on|off, pictures frames|sheet|final|gif, view mover|south|north, theme light|dark, language en|fr|es|ru|auto, web on|off|index|noindex
help-rating-0 = puntuaciones Glicko-2 (`?`: provisional)
help-leaderboard-0 = los mejor puntuados
help-tournament-0 = los torneos de aquí
help-tournament-leave = antes del comienzo

## Comandos de barra: descripciones (de 1 a 100 caracteres cada una).

slash-new = Desafiar a alguien (o a cualquiera, o a la IA del bot) a una partida de Katro o Hoyito aquí
slash-new-game = El juego: Katro 6x6, 4x6 o 4x4, Hoyito 2x6 a 2x12, o un match de Hoyito
slash-new-opponent = A quién desafías; déjalo vacío para que cualquiera pueda aceptar
slash-new-ai-level = Jugar contra la IA del bot, a este nivel
slash-new-side = Jugar como Sur (mueve primero) o Norte; al azar si está vacío
slash-new-time = Tiempo por jugada (12h, 2d, notime) o reloj en tiempo real (5m+3s, 3+2); vacío: el del servidor
slash-new-rating = rated (por defecto) o unrated: sin cambio de puntuación, pistas si el canal lo permite
slash-accept = Aceptar el desafío de este canal
slash-decline = Rechazar el desafío de este canal, o retirar el tuyo
slash-sow = Hacer una jugada: sembrar desde un hoyo (Katro c1+ o c1-, Hoyito d1)
slash-sow-hole = El hoyo desde el que sembrar, p. ej. c1+ (Katro) o d1 (Hoyito)
slash-board = Mostrar el tablero de la partida de aquí, su posición y a quién le toca
slash-moves = Listar las jugadas legales del jugador al que le toca
slash-resign = Rendirse en la partida de este canal
slash-hint = La mejor jugada según la IA, y por qué (contra la IA; partidas sin puntuación con pistas)
slash-analyze = Analizar una partida terminada (por defecto la última de aquí): cada jugada frente a la de la IA
slash-history = Listar las últimas partidas terminadas en este canal: identificadores, jugadores, resultados
slash-replay = La última jugada de la partida de este canal, paso a paso, como imagen animada
slash-rules = Un breve resumen de las reglas del Katro o del Hoyito I
slash-rules-game = katro o hoyito; ambos si está vacío
slash-help = Cómo usar el bot: los comandos y lo que hacen
slash-draw = Ofrecer tablas, o aceptar las que ofreció tu rival
slash-abort = Anular la partida antes de que ambos lados hayan jugado: sin resultado ni puntuación
slash-claim = Reclamar la victoria cuando el plazo de tu rival ha vencido
slash-rematch = Desafiar de nuevo a tu último rival de aquí al mismo juego, lados cambiados
slash-mute = Dejar de recibir recordatorios de tus plazos
slash-unmute = Volver a recibir recordatorios de tus plazos
slash-set = Cambiar un ajuste de este canal (organizadores): autoforfeit, hints, pictures, view, theme, language
slash-set-setting = autoforfeit, hints, pictures (de una jugada), view (lado visto), theme, language, threads
slash-set-value = on|off; pictures: frames|sheet|final|gif; view: mover|south|north; theme; language
slash-rating = Mostrar la puntuación Glicko-2 de un jugador en este servidor (la tuya si está vacío)
slash-rating-user = El jugador; tú si está vacío
slash-leaderboard = Mostrar los jugadores mejor puntuados de este servidor en Katro o Hoyito
slash-leaderboard-game = { slash-rules-game }
slash-tournament = Torneos: list, new, join, leave, start, pairings, standings, withdraw, cancel, info
slash-tournament-list = Listar los torneos de este servidor
slash-tournament-new = Crear un torneo (organizadores)
slash-tournament-new-name = De 1 a 24 letras, cifras, - o _
slash-tournament-new-game = El juego: Katro 6x6, 4x6 o 4x4, Hoyito 2x6 a 2x12, o matches de Hoyito
slash-tournament-new-format = roundrobin, double (ida y vuelta), swiss (indica las rondas), knockout o arena
slash-tournament-new-rounds = Para swiss: el número de rondas, de 1 a 20
slash-tournament-new-time = { slash-new-time }
slash-tournament-join = Inscribirse en un torneo antes de que empiece
slash-tournament-join-name = El torneo; solo hace falta si este servidor tiene más de uno
slash-tournament-leave = Dejar un torneo antes de que empiece
slash-tournament-leave-name = { slash-tournament-join-name }
slash-tournament-start = Empezar un torneo: emparejar su primera ronda (organizadores)
slash-tournament-start-name = { slash-tournament-join-name }
slash-tournament-pairings = Mostrar las partidas de la ronda en juego de un torneo
slash-tournament-pairings-name = { slash-tournament-join-name }
slash-tournament-standings = Mostrar la clasificación de un torneo
slash-tournament-standings-name = { slash-tournament-join-name }
slash-tournament-withdraw = Retirar a un jugador de un torneo (organizadores, o la propia persona)
slash-tournament-withdraw-user = El jugador
slash-tournament-withdraw-name = { slash-tournament-join-name }
slash-tournament-cancel = Cancelar un torneo (organizadores)
slash-tournament-cancel-name = { slash-tournament-join-name }

## Opciones de los comandos de barra que son palabras (de 1 a 100 caracteres).

choice-katro-lone = katro lone (pasos de semilla sola, K11)
choice-level-1 = 1 principiante
choice-level-2 = 2 aficionado
choice-level-3 = 3 club
choice-level-4 = 4 experto
choice-level-5 = 5 maestro

## Uso: $usage es el uso de un comando con el prefijo.

usage-time = TIEMPO son horas o días por jugada, p. ej. `12h` o `2d` (de 1 h a 30 días), o `notime`
usage-games = JUEGO es katro, katro:4x6, katro:4x4 (añade `lone` para los pasos de semilla sola, K11), hoyito, hoyito:2xN (N de 6 a 12) o `hoyito match`
usage-new = uso: `{ $usage }`, { usage-games }; { usage-time }

## Errores de entrada.

parse-usage = uso: `{ $usage }`
parse-joined = { $error }; { $usage }
parse-unknown-command = comando desconocido { $name }; comandos: { $commands } (`{ $p }help` los explica)
parse-unknown-sub = { $sub } desconocido; uso: `{ $usage }`
parse-no-args = `{ $command }` no lleva argumentos (recibido { $words })
parse-time-bad = tiempo no válido { $word }; { usage-time }
parse-time-range = el tiempo por jugada { $word } está fuera de rango; { usage-time }
parse-sow-hole = `{ $p }{ $name }` necesita un hoyo: `{ $p }sow c1+` o `{ $p }sow c1-` en Katro, `{ $p }sow d1` en Hoyito (`{ $p }moves` los lista)
parse-set-pictures = { $word } no es un estilo de imágenes: frames, sheet, final o gif
parse-set-view = { $word } no es una vista: mover, south o north
parse-set-theme = { $word } no es un tema: light o dark
parse-set-usage = uso: `{ $usage }` (autoforfeit on: una partida cuyo plazo vence aquí se pierde sola, off: el rival puede usar `{ $p }claim`; hints on: `{ $p }hint` en las partidas sin puntuación de aquí; pictures: cada imagen, una hoja de contactos, el tablero final con el trayecto de la jugada, o un GIF; view: tableros vistos desde el lado que mueve, el Sur o el Norte; theme: imágenes claras u oscuras; language: en, fr, es, ru, o auto para seguir la plataforma; threads on: cada partida nueva entre personas en una sala propia; web on: las partidas, torneos y jugadores de esta comunidad en páginas web (index: los buscadores pueden listarlas))
parse-rating-usage = uso: `{ $p }rating` (la tuya) o `{ $p }rating @usuario`
parse-rules-unknown = no hay reglas para { $word }: usa `{ $p }rules katro` o `{ $p }rules hoyito`
parse-level-missing = `level` necesita un número: los niveles son { $levels }; p. ej. `{ $p }new katro ai level 3`
parse-level-range = el nivel de IA { $level } no existe: los niveles son { $levels }
parse-level-nan = `level` lleva un número, no { $word }: los niveles son { $levels }
parse-as-missing = `as` necesita un lado, `south` o `north`; { $usage }
parse-as-twice = un solo lado, por favor (`as south` o `as north`); { $usage }
parse-as-bad = `as` lleva `south` o `north`, no { $word }; { $usage }
parse-match-katro = el juego por match (M1-M4) solo existe en Hoyito: `{ $p }new hoyito match`
parse-match-alone = `match` va tras un juego de Hoyito; { $usage }
parse-rated-twice = `rated` o `unrated` una sola vez, por favor; { $usage }
parse-time-twice = un solo tiempo por jugada, por favor; { $usage }
parse-ai-twice = `ai` una sola vez, por favor; { $usage }
parse-level-without-ai = `level` va tras `ai`: `{ $p }new katro ai level 3`; { $usage }
parse-game-bad = { $error }, o `hoyito match`; uso: `{ $usage }`
parse-unexpected = { $word } inesperado; { $usage }
parse-lone-twice = `lone` una sola vez, por favor; { $usage }
parse-lone-hoyito = los pasos de semilla sola (K11) son una regla opcional del Katro: `{ $p }new katro lone`
parse-lone-alone = `lone` va tras un juego de Katro: `{ $p }new katro lone`; { $usage }
parse-one-opponent = desafía a un solo rival a la vez; { $usage }
parse-ai-rated = las partidas contra la IA no son puntuadas; { $usage }
parse-player-and-ai = desafía a un solo rival a la vez: un jugador o la IA, no ambos; { $usage }
parse-mention-unknown = no pude saber quién es la persona mencionada; menciónala de forma que el chat enlace su nombre; { $usage }
parse-tournament-name = nombre de torneo no válido { $word }: usa de 1 a 24 letras, cifras, `-` o `_`; { $usage }
parse-tournament-one-name = `{ $p }tournament { $sub }` lleva como mucho un nombre; { $usage }
parse-withdraw-user = `{ $p }tournament withdraw` necesita al jugador: `{ $p }tournament withdraw @usuario [NOMBRE]`
parse-tournament-new-args = `{ $p }tournament new` necesita un nombre, un juego y un formato; { $usage }
parse-tournament-match-katro = el juego por match (M1-M4) solo existe en Hoyito; { $usage }
parse-tournament-unexpected = { $word } inesperado; { usage-time }; { $usage }
parse-too-many = demasiadas palabras; { $usage }
parse-swiss-rounds = `swiss` necesita el número de rondas, de 1 a 20 (`swiss 5`); { $usage }
parse-format-unknown = formato desconocido { $word }: roundrobin, double, swiss RONDAS, knockout o arena DURACIÓN; { $usage }
parse-format-missing = `{ $p }tournament new` necesita un formato: roundrobin, double, swiss RONDAS, knockout o arena DURACIÓN; { $usage }

## !rules: $p es el prefijo, $game el juego para practicar.

rules-katro = Katro (Madagascar): tablero de 6x6 (también 4x6, 4x4), 2 semillas por hoyo; cada jugador es dueño de su mitad (Sur: filas 1-3). Solo siembras en tu mitad, en serpentina: a lo largo de tu fila exterior, de vuelta por la siguiente, y así hasta el inicio (K2). Empiezas desde tu fila más exterior con semillas (K3), en cualquier sentido: `+` hacia tu derecha o `-` hacia tu izquierda (K4). Si la última semilla cae en un hoyo ocupado, lo levantas entero y sigues sembrando (relevo, K6c). Si ese hoyo está en tu fila delantera y el hoyo de la fila delantera rival en la misma columna tiene semillas, las capturas y las siembras junto con las de tu hoyo (K6b, K7). Quien no tiene jugada pierde (K9); una tercera repetición es tablas (K10).
rules-katro-lone = Regla opcional, elegida al crear la partida (`{ $p }new katro lone`): un jugador al que le queda una sola semilla puede avanzarla una fila hacia dentro, recta o en diagonal (`{ $p }sow b1^b2`), capturando como lo haría una siembra (K11).
rules-hoyito = Hoyito I (República Dominicana): 2 filas de 6 (hasta 12) hoyos, 4 semillas cada uno; el Sur es dueño de la fila 1. Levantas cualquier hoyo de tu fila y siembras en sentido antihorario por todo el tablero (H2, H3). Todo hoyo que una semilla sembrada deja en exactamente cuatro es una casa: capturas esas cuatro al momento (H5, H6a). Una última semilla en un hoyo ocupado hace relevo (H6c); en uno vacío la jugada termina (H6b). Cuando solo quedan cuatro semillas en juego, esas cuatro últimas se las lleva quien capturó por última vez (H7); gana quien capturó más semillas (H8). Un match (M1-M4) rellena cada fila con las capturas, cierra los hoyos que quedan sin llenar y termina cuando un jugador tiene menos de cuatro semillas, o cuando una partida empezaría como una anterior (MX2); `first-to N` y `games N` se juegan a N victorias o N partidas (MX1).
rules-ai = Practica contra la IA: `{ $p }new { $game } ai level N` (de 1 principiante a 5 maestro, sin puntuación; responde al instante a cada jugada).

## Discord: las notas del transporte. $ahead es cuántas partidas esperan a la IA.

discord-thinking = { $ahead ->
    [0] Pensando...
    [one] Pensando... (1 partida por delante en la cola de la IA)
   *[other] Pensando... ({ $ahead } partidas por delante en la cola de la IA)
}
discord-failed = Lo siento, algo falló del lado del bot.
discord-failed-retry = Lo siento, algo falló del lado del bot. Inténtalo de nuevo.
discord-nothing = Nada que mostrar.
discord-posted-in = Publicado en { $places }.
discord-file-too-large = ({ $file } no va adjunto: { $size } MiB, y Discord acepta como mucho { $max } MiB.)
discord-alt-cut = ... (texto completo en { $file })
discord-alt-file = Texto alternativo de { $file }
discord-closed-gone = el canal ya no existe
discord-closed-no-access = el bot no puede ver ese canal (necesita el permiso Ver canal)
discord-closed-locked = el hilo está bloqueado
discord-not-posted = (No se pudo publicar en { $place }: { $why }.)
discord-not-posted-failed = (No se pudo publicar en { $place }; Discord lo rechazó.)
discord-threads-full = { $organizer }: el servidor llegó al límite de hilos activos de Discord, así que no se pudo abrir el hilo de { $room }. Su partida empieza en cuanto se pueda abrir un hilo: archiva los hilos terminados para hacer sitio.

## takeback and vacation
help-takeback-0 = deshacer tu última jugada (partidas sin puntuación; el rival acepta)
slash-takeback = Deshacer tu última jugada: partidas sin puntuación, o la IA hasta el nivel 3
help-vacation-0 = pausar tus relojes por correspondencia unos días, terminar la pausa o ver lo que queda
slash-vacation = Pausar unos días tus relojes de partidas por correspondencia sin puntuación
slash-vacation-days = Días, p. ej. 7d; off termina las vacaciones; vacío: lo que queda
parse-vacation = `{ $p }vacation` admite días de 1d a { $max }d, u `off` (recibido { $got })
## Live clocks, match lengths, !resign game|match

parse-live-bad = { $word } no es un reloj en tiempo real: minutos de reserva y luego `+` y segundos por jugada, p. ej. `5m+3s`, `3+2` o `10m` (de 1 a 180 min, de 0 a 60 s)
parse-live-range = el reloj en tiempo real { $word } está fuera de rango: la reserva va de 1 a 180 minutos y el incremento de 0 a 60 segundos (p. ej. `5m+3s`, `3+2`, `10m`)
parse-clock-twice = un solo control de tiempo, por favor: un tiempo por jugada (`12h`, `2d`, `notime`) o un reloj en tiempo real (`5m+3s`), no ambos; { $usage }
parse-ai-live = los relojes en tiempo real son para partidas entre jugadores; contra la IA indica un tiempo por jugada o ninguno; { $usage }
parse-length-number = { $word } necesita un número de partidas de 1 a 20, no { $got } (p. ej. `first-to 3` o `games 5`); { $usage }
parse-length-twice = una sola duración de match, por favor (`first-to N` o `games N`); { $usage }
parse-resign-usage = `{ $p }resign` admite `game` o `match` (en un match), no { $words }
slash-resign-what = En un match: solo la partida en curso, o todo el match
parse-length-missing = { $word } necesita un número de partidas de 1 a 20 (p. ej. `first-to 3` o `games 5`); { $usage }
## archive
help-games-0 = tus partidas aquí: en juego, luego las últimas terminadas
help-game-0 = una partida por su identificador, desde cualquier canal
help-record-0 = las jugadas de la partida de aquí, o de la partida ID
slash-analyze-id = El identificador de la partida (ver `!games`, `!history`); por defecto la última de aquí
slash-games = Listar tus partidas en esta comunidad: primero las que están en juego, luego las últimas terminadas
slash-game = Mostrar una partida por su identificador, desde cualquier canal de esta comunidad
slash-game-id = El identificador de la partida, p. ej. k7m2q9xd (como lo muestran `!games` o `!history`)
slash-record = Mostrar la planilla de la partida de aquí, o de la partida con ese identificador
slash-record-id = El identificador de la partida; por defecto la de este canal
## notify
help-notify-0 = cómo se te avisa de tu turno: mensaje directo, mención, nada o un resumen diario
slash-notify = Elegir cómo se te avisa de que es tu turno
slash-notify-mode = dm, mention, off o digest; el modo actual si está vacío

## tournament organizer tools
help-tournament-adjudicate = termina una partida con un resultado (organización); GAME es su identificador o su mesa en la ronda actual, el motivo es obligatorio
help-tournament-extend = más tiempo para la jugada en curso de una partida, p. ej. `24h` (de 1 min a 30 días; organización)
help-tournament-pause = detiene todos los relojes del torneo (organización)
help-tournament-resume = los reanuda con el tiempo que le quedaba a cada quien (organización)
help-tournament-next-round = cierra la ronda actual; con `adjudicate`, sus partidas sin terminar se deciden: gana quien haya capturado más semillas (organización)
help-tournament-kick = retira a alguien del torneo, con un motivo (organización)
help-tournament-checkin = confirma tu asistencia antes del comienzo; `open` abre la confirmación, por un tiempo si se indica (organización): al comenzar, quien no haya confirmado queda fuera
help-tournament-log = lo que hizo la organización, lo más reciente primero
slash-tournament-adjudicate = Terminar una partida del torneo con un resultado (organización)
slash-tournament-adjudicate-game = El identificador de la partida, o su número de mesa en la ronda actual
slash-tournament-adjudicate-result = south, north, draw o el nombre de quien gana
slash-tournament-adjudicate-reason = Por qué (obligatorio; lo ven todos)
slash-tournament-extend = Dar más tiempo para la jugada en curso de una partida (organización)
slash-tournament-extend-game = { slash-tournament-adjudicate-game }
slash-tournament-extend-duration = Cuánto más: 30m, 24h, 2d (de 1 min a 30 días)
slash-tournament-pause = Detener todos los relojes de un torneo (organización)
slash-tournament-pause-name = { slash-tournament-join-name }
slash-tournament-resume = Reanudar los relojes de un torneo en pausa (organización)
slash-tournament-resume-name = { slash-tournament-join-name }
slash-tournament-next-round = Cerrar la ronda actual (organización)
slash-tournament-next-round-adjudicate = Decidir ahora sus partidas sin terminar (gana quien haya capturado más semillas)
slash-tournament-next-round-name = { slash-tournament-join-name }
slash-tournament-kick = Retirar a alguien de un torneo (organización)
slash-tournament-kick-user = La persona
slash-tournament-kick-name = { slash-tournament-join-name }
slash-tournament-kick-reason = Por qué (lo ven todos)
slash-tournament-checkin = Confirmar asistencia antes de que empiece un torneo; la organización abre la confirmación
slash-tournament-checkin-open = Organización: abrir la confirmación de asistencia
slash-tournament-checkin-duration = Organización: cerrar la confirmación tras este tiempo, p. ej. 30m
slash-tournament-checkin-name = { slash-tournament-join-name }
slash-tournament-log = Ver lo que hizo la organización de un torneo
slash-tournament-log-name = { slash-tournament-join-name }
parse-duration = duración no válida { $word }: un número con m, h o d (30m, 24h, 2d), de 1 minuto a 30 días
parse-game-ref = partida no válida { $word }: indica su identificador o su número de mesa en la ronda actual; { $usage }
parse-adjudicate-args = `adjudicate` necesita una partida, un resultado y un motivo; { $usage }
parse-adjudicate-reason = una decisión necesita un motivo, visible para todos; { $usage }
parse-extend-args = `extend` necesita una partida y una duración; { $usage }
parse-kick-user = `kick` necesita a la persona, con una mención; { $usage }
parse-checkin-open = para abrir la confirmación de asistencia por un tiempo, escribe `open` antes del tiempo; { $usage }
## tournament results, formats and info
help-tournament-new = tablas en eliminación: `rematch` (por defecto: revancha con lados cambiados y desempates) o `seed` (pasa el cabeza de serie); `accelerated`: ronda 1 en 2 grupos
help-tournament-info = formato, tiempo, desempates y reglas de un torneo
slash-tournament-new-tiebreak = Tablas en eliminación: rematch (por defecto: revancha y desempates) o seed
slash-tournament-new-pairing = Para swiss: accelerated empareja entre sí a la mitad alta en la ronda 1
slash-tournament-info = Cómo se juega un torneo: formato, tiempo, desempates, reglas
slash-tournament-info-name = { slash-tournament-join-name }
parse-tournament-one-tiebreak = un solo desempate de eliminación directa, por favor: `rematch` o `seed`; { $usage }
parse-tournament-option-for = { $word } es una opción solo de `{ $format }`; { $usage }
slash-tournament-new-window = Para arena: cuánto dura el emparejamiento, p. ej. 90m, 2h, 1d (10m a 7d)
parse-arena-window = `arena` necesita su duración, de 10 minutos a 7 días (`arena 90m`, `arena 2h`); { $usage }

## puzzles (issue 32)
help-puzzle-0 = un problema cerca de tu puntuación de problemas en ese tablero (por defecto: el juego de aquí); responde con `{ $p }sow`
help-puzzle-1 = el problema del día, el mismo para todos (UTC)
help-puzzle-2 = abandonar tu problema abierto (cuenta como fallado si ya has jugado)
help-puzzle-3 = puntuación de problemas, problemas resueltos y fallados, rachas
slash-puzzle = Un problema cerca de tu puntuación: encuentra la mejor jugada y responde con /sow
slash-puzzle-what = Un tablero, o daily (el problema del día), stats, skip o hint
slash-puzzle-user = Con stats: el historial de quién (el tuyo si está vacío)
parse-puzzle-word = { $word } no es un tablero ni `daily`, `skip`, `hint` o `stats`; uso: `{ $usage }`
parse-puzzle-extra = demasiadas palabras: { $words }; uso: `{ $usage }`
parse-puzzle-who = no se sabe a quién te refieres; uso: `{ $usage }`
help-puzzle-4 = el hoyo desde el que sale tu próxima jugada (el problema deja de contar)
