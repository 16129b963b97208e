"""Playing together on a server, without any UI (issue 29): chat, who is online, notices,
take-backs by asking, keys and names, finished games' history and the moves stand-ins made.
Everything lives in the server's store (engine.store), so every process and host shares it.

    chat = Chat(store)                      # engine.together.chat
    presence = Presence(store)              # engine.together.presence
"""
